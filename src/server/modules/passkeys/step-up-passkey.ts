/**
 * A step-up with a passkey (POST /api/user/stepUp/passkeyOptions, then /api/user/stepUp/passkey):
 * the options allow only the caller's own passkeys, the challenge is bound to this session and
 * purpose, and a verified answer buys the same single-use ticket as the password (lib/step-up.ts),
 * with method `passkey`. Another holder's passkey (the owner's, for a member) is refused.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StepUpPurpose } from '../../../contract/account';
import type { authenticationCredential } from '../../../contract/passkeys';
import type { AppContext } from '../../context';
import { passkeys } from '../../db/schema';
import type { Call } from '../../lib/route';
import { storeStepUpTicket } from '../../lib/step-up';
import { startAuthentication } from '../../lib/webauthn/ceremonies';
import { relyingPartyOf } from '../../lib/webauthn/relying-party';
import type { Holder } from './holder';
import { holderOf, holderPasskeys, ownedBy, sessionScope, storedCredential } from './holder';
import { usePasskey } from './use-passkey';

const scopeOf = (purpose: StepUpPurpose, holder: Holder) => sessionScope(`step_up:${purpose}`, holder);

export async function startPasskeyStepUp(ctx: AppContext, holder: Holder, purpose: StepUpPurpose) {
  const own = await holderPasskeys(ctx.database.db, holder);
  if (own.length === 0) return { options: null };
  const options = await startAuthentication(
    ctx.database.db,
    relyingPartyOf(ctx.env),
    { allow: own.map(storedCredential), scope: scopeOf(purpose, holder) },
    ctx.now(),
  );
  return { options };
}

export async function stepUpWithPasskey(
  ctx: AppContext,
  call: Call,
  input: { purpose: StepUpPurpose; credential: z.infer<typeof authenticationCredential> },
) {
  const holder = holderOf(call);
  await usePasskey(ctx, input.credential, scopeOf(input.purpose, holder), async (db, credentialId) => {
    const [found] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialId, credentialId), ownedBy(holder)));
    return found;
  });
  return storeStepUpTicket(ctx, call, input.purpose, 'passkey');
}
