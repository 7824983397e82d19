/** Every domain module registers its contract endpoints here. */
import type { Registrar } from '../lib/route';
import { registerAccountRoutes } from './account/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerFilesRoutes } from './files/routes';
import { registerFlowsRoutes } from './flows/routes';
import { registerForecastsRoutes } from './forecasts/routes';
import { registerLogsRoutes } from './logs/routes';
import { registerNoticesRoutes } from './notices/routes';
import { registerTopupsRoutes } from './topups/routes';
import { registerWalletRoutes } from './wallet/routes';

export function registerModules(register: Registrar): void {
  registerAuthRoutes(register);
  registerAccountRoutes(register);
  registerWalletRoutes(register);
  registerLogsRoutes(register);
  registerNoticesRoutes(register);
  registerTopupsRoutes(register);
  registerForecastsRoutes(register);
  registerFilesRoutes(register);
  registerFlowsRoutes(register);
}
