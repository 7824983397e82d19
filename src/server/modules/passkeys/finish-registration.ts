/**
 * POST /api/user/passkeys/register: check the new credential against the session's challenge and
 * store it for the caller (the main account or the member itself), with a name: the one given, or
 * one derived from the browser. At most PASSKEYS_PER_HOLDER; a credential stored already (by anyone)
 * is refused.
 */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import { PASSKEYS_PER_HOLDER, type registrationCredential } from '../../../contract/passkeys';
import type { AppContext } from '../../context';
import { passkeys } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { RegistrationResponseJSON } from '../../lib/webauthn/ceremonies';
import { finishRegistration } from '../../lib/webauthn/ceremonies';
import { relyingPartyOf } from '../../lib/webauthn/relying-party';
import { deviceName } from './device-name';
import type { Holder } from './holder';
import { ownedBy, sessionScope, toItem } from './holder';
import { REGISTER } from './start-registration';

export async function registerPasskey(
  ctx: AppContext,
  holder: Holder,
  input: { credential: z.infer<typeof registrationCredential>; name?: string | undefined },
  userAgent: string,
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const made = await finishRegistration(
    db,
    relyingPartyOf(ctx.env),
    input.credential as RegistrationResponseJSON,
    sessionScope(REGISTER, holder),
    now,
  );
  const [held] = await db.select({ total: count() }).from(passkeys).where(ownedBy(holder));
  if ((held?.total ?? 0) >= PASSKEYS_PER_HOLDER)
    throw fail.rule('server:passkeys.tooMany', { max: PASSKEYS_PER_HOLDER });
  const [row] = await db
    .insert(passkeys)
    .values({
      id: newId(),
      accountId: holder.accountId,
      subAccountId: holder.subAccountId,
      credentialId: made.credentialId,
      publicKey: made.publicKey,
      counter: made.counter,
      transports: made.transports,
      deviceType: made.deviceType,
      backedUp: made.backedUp,
      name: input.name?.trim() || deviceName(userAgent),
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw fail.conflict('server:passkeys.known');
  return toItem(row);
}
