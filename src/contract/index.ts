/** Every declared endpoint; the server registers them and the OpenAPI document lists them. */
import { accountEndpoints } from './account';
import { cardGroupsEndpoints } from './card-groups';
import { agentEndpoints } from './agent';
import { cardsEndpoints } from './cards';
import { channelsEndpoints } from './channels';
import { authEndpoints } from './auth';
import type { EndpointDef } from './core';
import { financeEndpoints } from './finance';
import { identityEndpoints } from './identity';
import { liveEndpoints } from './live';
import { logsEndpoints } from './logs';
import { noticesEndpoints } from './notices';
import { passkeysEndpoints } from './passkeys';
import { recordsEndpoints } from './records';
import { rolesEndpoints } from './roles';
import { segmentsEndpoints } from './segments';
import { spendingEndpoints } from './spending';
import { subAccountsEndpoints } from './sub-accounts';
import { couponsEndpoints } from './coupons';
import { spendingTemplatesEndpoints } from './spending-templates';
import { tagsEndpoints } from './tags';
import { walletEndpoints } from './wallet';

export const allEndpoints: readonly EndpointDef[] = [
  ...authEndpoints,
  ...accountEndpoints,
  ...walletEndpoints,
  ...logsEndpoints,
  ...noticesEndpoints,
  ...financeEndpoints,
  ...recordsEndpoints,
  ...segmentsEndpoints,
  ...couponsEndpoints,
  ...cardsEndpoints,
  ...subAccountsEndpoints,
  ...rolesEndpoints,
  ...cardGroupsEndpoints,
  ...spendingEndpoints,
  ...tagsEndpoints,
  ...spendingTemplatesEndpoints,
  ...identityEndpoints,
  ...agentEndpoints,
  ...liveEndpoints,
  ...channelsEndpoints,
  ...passkeysEndpoints,
];
