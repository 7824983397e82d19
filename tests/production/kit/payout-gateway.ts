/**
 * The payout gateway of agents' bank withdrawals (src/server/providers/payouts/gateway-payouts.ts):
 * `/payouts` takes an order (its withdrawal id is the idempotency key) and answers a reference; its
 * decision goes back signed to `POST /api/payouts/events`.
 */
import type { PortalAnswer } from './signed-json';
import { deliverSigned, startSignedJsonServer } from './signed-json';

export interface PayoutGateway {
  url: string;
  orders: Map<string, Record<string, unknown>>;
  refused: string[];
  decide(portalUrl: string, withdrawalId: string): Promise<PortalAnswer>;
  close(): Promise<void>;
}

export async function startPayoutGateway(secret: string): Promise<PayoutGateway> {
  const orders = new Map<string, Record<string, unknown>>();
  const server = await startSignedJsonServer(() => secret, {
    '/payouts': (body) => {
      const withdrawalId = String(body['withdrawalId']);
      if (!orders.has(withdrawalId)) orders.set(withdrawalId, body);
      return { reference: `po_${withdrawalId}` };
    },
  });
  return {
    url: server.url,
    orders,
    refused: server.refused,
    decide: (portalUrl, withdrawalId) =>
      deliverSigned(`${portalUrl}/api/payouts/events`, { withdrawalId, status: 'paid' }, secret),
    close: server.close,
  };
}
