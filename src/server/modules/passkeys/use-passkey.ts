/**
 * The end of every passkey assertion of a customer: the credential found by the id the browser
 * sent, checked by lib/webauthn, and its counter, backup state and last use stored. The counter is
 * moved forward only (a conditional UPDATE), so two answers racing cannot step it back.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { authenticationCredential } from '../../../contract/passkeys';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { passkeys } from '../../db/schema';
import type { ChallengeScope } from '../../lib/webauthn/challenges';
import type { AuthenticationResponseJSON } from '../../lib/webauthn/ceremonies';
import { finishAuthentication, refused } from '../../lib/webauthn/ceremonies';
import { relyingPartyOf } from '../../lib/webauthn/relying-party';
import type { PasskeyRow } from './holder';
import { storedCredential } from './holder';

export async function usePasskey(
  ctx: AppContext,
  credential: z.infer<typeof authenticationCredential>,
  scope: ChallengeScope,
  find: (db: Executor, credentialId: string) => Promise<PasskeyRow | undefined>,
): Promise<PasskeyRow> {
  const db = ctx.database.db;
  const now = ctx.now();
  const row = (await find(db, credential.id)) ?? null;
  const checked = await finishAuthentication(
    db,
    relyingPartyOf(ctx.env),
    credential as AuthenticationResponseJSON,
    row ? storedCredential(row) : null,
    scope,
    now,
  );
  if (!row) throw refused();
  const [updated] = await db
    .update(passkeys)
    .set({ counter: checked.counter, backedUp: checked.backedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, row.id), lte(passkeys.counter, checked.counter)))
    .returning();
  if (!updated) throw refused();
  return updated;
}
