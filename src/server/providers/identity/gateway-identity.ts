/**
 * The production provider over the same small signed JSON protocol as the card issuer
 * (`X-Signature: hex(HMAC-SHA256(IDENTITY_API_SECRET, rawBody))` both ways):
 * `POST <IDENTITY_API_URL>/checks` `{ orderId, kind, fileIds }` answers `{ reference }`; its
 * decisions come back to `POST /api/identity/decision`, signed with the same secret.
 */
import { z } from 'zod';
import type { SignedClientOptions } from '../signed-client';
import { signedJsonClient } from '../signed-client';
import type { IdentityProvider } from './identity-provider';

const checkAnswer = z.object({ reference: z.string().min(1).max(200) });

export function createGatewayIdentity(options: SignedClientOptions & { secret: string }): IdentityProvider {
  const post = signedJsonClient(options, 'identity provider');
  return {
    kind: 'gateway',
    decisionSecret: options.secret,
    submit: async (check) => {
      const parsed = checkAnswer.safeParse(JSON.parse(await post('/checks', check, options.secret)));
      if (!parsed.success) throw new Error('identity provider /checks answer is malformed');
      return parsed.data;
    },
  };
}
