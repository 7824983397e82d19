/** Every domain module registers its contract endpoints here. */
import type { Registrar } from '../lib/route';
import { registerAccountRoutes } from './account/routes';
import { registerAgentRoutes } from './agent/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerCardGroupsRoutes } from './card-groups/routes';
import { registerCardOpenRoutes } from './cards/routes-open';
import { registerCouponsRoutes } from './coupons/routes';
import { registerCardSpendRoutes } from './card-spend/routes';
import { registerCardManageRoutes } from './cards/routes-manage';
import { registerFilesRoutes } from './files/routes';
import { registerFlowsRoutes } from './flows/routes';
import { registerForecastsRoutes } from './forecasts/routes';
import { registerIdentityRoutes } from './identity/routes';
import { registerLiveRoutes } from './live/routes';
import { registerLogsRoutes } from './logs/routes';
import { registerNoticesRoutes } from './notices/routes';
import { registerSegmentsRoutes } from './segments/routes';
import { registerRecordsRoutes } from './records/routes';
import { registerRolesRoutes } from './roles/routes';
import { registerSubAccountsRoutes } from './sub-accounts/routes';
import { registerTopupsRoutes } from './topups/routes';
import { registerTagsRoutes } from './tags/routes';
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
  registerSegmentsRoutes(register);
  registerCouponsRoutes(register);
  registerCardOpenRoutes(register);
  registerCardSpendRoutes(register);
  registerRecordsRoutes(register);
  registerCardManageRoutes(register);
  registerSubAccountsRoutes(register);
  registerRolesRoutes(register);
  registerCardGroupsRoutes(register);
  registerTagsRoutes(register);
  registerIdentityRoutes(register);
  registerAgentRoutes(register);
  registerLiveRoutes(register);
}
