/**
 * The production payout provider over the same small signed JSON protocol as the card issuer and
 * the identity provider (`X-Signature: hex(HMAC-SHA256(PAYOUT_API_SECRET, rawBody))` both ways):
 * `POST <PAYOUT_API_URL>/payouts` with the order answers `{ reference }`. The withdrawal id is the
 * provider's idempotency key, so a resend after a lost answer pays once. Its decision comes back
 * signed to `POST /api/payouts/events` (modules/agent/payouts/payout-events-route.ts).
 */
import { z } from 'zod';
import type { SignedClientOptions } from '../signed-client';
import { signedJsonClient } from '../signed-client';
import type { PayoutsProvider } from './payouts-provider';

const payoutAnswer = z.object({ reference: z.string().min(1).max(200) });

export function createGatewayPayouts(options: SignedClientOptions & { secret: string }): PayoutsProvider {
  const post = signedJsonClient(options, 'payout provider');
  return {
    name: 'gateway',
    send: async (order) => {
      const parsed = payoutAnswer.safeParse(JSON.parse(await post('/payouts', order, options.secret)));
      if (!parsed.success) throw new Error('payout provider /payouts answer is malformed');
      return parsed.data;
    },
  };
}
