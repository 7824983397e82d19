/** Every domain module registers its contract endpoints here. */
import type { Registrar } from '../lib/route';
import { registerAccountRoutes } from './account/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerLogsRoutes } from './logs/routes';
import { registerNoticesRoutes } from './notices/routes';
import { registerWalletRoutes } from './wallet/routes';

export function registerModules(register: Registrar): void {
  registerAuthRoutes(register);
  registerAccountRoutes(register);
  registerWalletRoutes(register);
  registerLogsRoutes(register);
  registerNoticesRoutes(register);
}
