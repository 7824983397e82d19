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
import type { SignedClientOptions } from '../signed-client';
import { signedJsonClient } from '../signed-client';

const checkoutAnswer = z.object({
  payload: z.string().min(1),
  deepLink: z.string().nullable().default(null),
  address: z.string().nullable().default(null),
});

const queryAnswer = z.object({ event: paymentEventSchema.nullable() });

export interface GatewayOptions extends SignedClientOptions {
  secrets: ChannelSecrets;
}

export function createGatewayPayments(options: GatewayOptions): PaymentsProvider {
  const post = signedJsonClient(options, 'payment gateway');

  async function call<T>(
    channel: TopupChannel,
    path: string,
    body: object,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const text = await post(path, body, secretOf(options.secrets, channel));
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
