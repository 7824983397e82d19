/**
 * The payment gateway that fronts the channels (src/server/providers/payments/gateway-payments.ts):
 * `/checkout` opens an order and answers what the QR code shows, `/query` answers the outcome
 * once there is one. It keeps the orders it opened; `pay` plays the customer paying in the
 * channel's app: the outcome is recorded and sent signed to `POST /api/pay/notify/<channel>`.
 */
import { randomUUID } from 'node:crypto';
import type { PortalAnswer } from './signed-json';
import { deliverSigned, startSignedJsonServer } from './signed-json';

interface Order {
  orderId: string;
  channel: string;
  amount: number;
  currency: string;
  event: Record<string, unknown> | null;
}

export interface PaymentGateway {
  url: string;
  orders: Map<string, Order>;
  refused: string[];
  /** The customer pays the order: the gateway's signed callback reaches the portal. */
  pay(portalUrl: string, orderId: string): Promise<PortalAnswer>;
  close(): Promise<void>;
}

export async function startPaymentGateway(secrets: ReadonlyMap<string, string>): Promise<PaymentGateway> {
  const orders = new Map<string, Order>();
  const server = await startSignedJsonServer((body) => secrets.get(String(body['channel'])), {
    '/checkout': (body) => {
      const orderId = String(body['orderId']);
      if (!orders.has(orderId))
        orders.set(orderId, {
          orderId,
          channel: String(body['channel']),
          amount: Number(body['amount']),
          currency: String(body['currency']),
          event: null,
        });
      return { payload: `https://pay.gateway.test/qr/${orderId}`, deepLink: null, address: null };
    },
    '/query': (body) => ({ event: orders.get(String(body['orderId']))?.event ?? null }),
  });
  return {
    url: server.url,
    orders,
    refused: server.refused,
    async pay(portalUrl, orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the gateway opened no order ${orderId}`);
      order.event = {
        eventId: `evt-${randomUUID()}`,
        orderId,
        status: 'paid',
        amount: order.amount,
        currency: order.currency,
        channelTxnId: `txn-${randomUUID()}`,
        occurredAt: new Date().toISOString(),
      };
      const secret = secrets.get(order.channel);
      if (!secret) throw new Error(`no secret for channel ${order.channel}`);
      return deliverSigned(`${portalUrl}/api/pay/notify/${order.channel}`, order.event, secret);
    },
    close: server.close,
  };
}
