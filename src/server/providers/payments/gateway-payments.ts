/**
 * The production payments provider: a payment gateway that fronts the channels and speaks a small
 * JSON protocol, each request and answer signed like the callbacks
 * (`X-Signature: hex(HMAC-SHA256(channelSecret, rawBody))`):
 *
 * - `POST <PAYMENTS_GATEWAY_URL>/checkout` `{ orderId, channel, amount, currency, expiresAt }`
 *   answers `{ payload, deepLink, address }`;
 * - `POST <PAYMENTS_GATEWAY_URL>/query` `{ orderId, channel }` answers `{ event }`: null while the
 *   order is open, else the same fields as a callback body.
 *
 * The gateway sends its callbacks to `POST /api/pay/notify/<channel>`.
 */
import { z } from 'zod';
import type { TopupChannel } from '../../../contract/topup-rules';
import type { ChannelSecrets } from './channel-secrets';
import { secretOf } from './channel-secrets';
import { paymentEventSchema } from './payment-event';
import type { PaymentEvent, PaymentsProvider } from './payments-provider';
import { SIGNATURE_HEADER, signBody, verifySignature } from './signature';

const checkoutAnswer = z.object({
  payload: z.string().min(1),
  deepLink: z.string().nullable().default(null),
  address: z.string().nullable().default(null),
});

const queryAnswer = z.object({ event: paymentEventSchema.nullable() });

export interface GatewayOptions {
  baseUrl: string;
  secrets: ChannelSecrets;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createGatewayPayments(options: GatewayOptions): PaymentsProvider {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(
    channel: TopupChannel,
    path: string,
    body: object,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const secret = secretOf(options.secrets, channel);
    const raw = JSON.stringify(body);
    const res = await send(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, raw) },
      body: raw,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`payment gateway ${path} answered HTTP ${res.status}`);
    if (!verifySignature(secret, text, res.headers.get(SIGNATURE_HEADER) ?? undefined))
      throw new Error(`payment gateway ${path} answer has a bad signature`);
    return schema.parse(JSON.parse(text));
  }

  return {
    kind: 'gateway',
    createCheckout: (order) =>
      call(
        order.channel,
        '/checkout',
        { ...order, expiresAt: order.expiresAt.toISOString() },
        checkoutAnswer,
      ),
    queryOrder: async (order): Promise<PaymentEvent | null> =>
      (await call(order.channel, '/query', { orderId: order.orderId, channel: order.channel }, queryAnswer))
        .event,
    channelSecret: (channel) => secretOf(options.secrets, channel),
  };
}
