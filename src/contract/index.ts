/** Every declared endpoint; the server registers them and the OpenAPI document lists them. */
import { accountEndpoints } from './account';
import { agentEndpoints } from './agent';
import { cardsEndpoints } from './cards';
import { authEndpoints } from './auth';
import type { EndpointDef } from './core';
import { financeEndpoints } from './finance';
import { logsEndpoints } from './logs';
import { noticesEndpoints } from './notices';
import { recordsEndpoints } from './records';
import { segmentsEndpoints } from './segments';
import { couponsEndpoints } from './coupons';
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
  ...agentEndpoints,
];
