/**
 * The production issuer: a card-issuing processor reached over a small signed JSON protocol, the
 * same shape as the payments gateway (`X-Signature: hex(HMAC-SHA256(ISSUER_EVENT_SECRET, rawBody))`
 * on every request and answer):
 *
 * - `POST <ISSUER_API_URL>/cards` `{ requestId, bin, network, currency, holderName }` answers
 *   `{ issuerRef, pan, cvv, pin, expiryMonth, expiryYear }` (the same card again for the same requestId);
 * - `POST <ISSUER_API_URL>/cards/cancel` `{ issuerRef }`;
 * - `POST <ISSUER_API_URL>/cards/cancel-request` `{ requestId }`: cancels the card made for that
 *   request id, if any (an empty answer either way);
 * - `POST <ISSUER_API_URL>/cards/state` `{ issuerRef, state }` with state active, frozen or closed.
 *
 * The processor sends authorizations, clearing, refunds, reversals and 3-D Secure challenges to
 * `POST /api/issuer/events`, signed with the same key.
 */
import { z } from 'zod';
import type { SignedClientOptions } from '../signed-client';
import { signedJsonClient } from '../signed-client';
import type { IssuedCard, IssuerProvider } from './issuer-provider';

const issuedAnswer = z.object({
  issuerRef: z.string().min(1),
  pan: z.string().regex(/^\d{12,19}$/),
  cvv: z.string().regex(/^\d{3,4}$/),
  pin: z.string().regex(/^\d{4,6}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000),
});

export interface GatewayIssuerOptions extends SignedClientOptions {
  secret: string;
}

export function createGatewayIssuer(options: GatewayIssuerOptions): IssuerProvider {
  const post = signedJsonClient(options, 'card issuer');

  async function call(path: string, body: object): Promise<unknown> {
    const text = await post(path, body, options.secret);
    return text === '' ? null : JSON.parse(text);
  }

  return {
    kind: 'gateway',
    eventSecret: options.secret,
    issueCard: async (request): Promise<IssuedCard> => {
      const parsed = issuedAnswer.safeParse(await call('/cards', request));
      if (!parsed.success) throw new Error('card issuer /cards answer is malformed');
      return parsed.data;
    },
    cancelCard: async (issuerRef) => {
      await call('/cards/cancel', { issuerRef });
    },
    cancelRequest: async (requestId) => {
      await call('/cards/cancel-request', { requestId });
    },
    setCardState: async (issuerRef, state) => {
      await call('/cards/state', { issuerRef, state });
    },
  };
}
