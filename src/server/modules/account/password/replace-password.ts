/**
 * Store a new password and end every other session of the account in the same transaction, so a
 * thief holding an old session loses it the moment the owner changes the password. The session that
 * made the change stays signed in. `guard` runs first in that transaction (spending the step-up
 * ticket), so a refused guard changes nothing and a failed change leaves the ticket unspent.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import type { MainPrincipal } from '../../../lib/principal';
import { revokeAccountSessions } from '../../../lib/session';

/**
 * Refuses a new password that is the current one (issue 29 item 18): nothing would change, and the
 * customer believes it did. Checked before any code or ticket is spent.
 */
export async function refuseSamePassword(
  ctx: AppContext,
  accountId: string,
  password: string,
): Promise<void> {
  const [row] = await ctx.database.db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (row?.hash && (await verifyPassword(row.hash, password)))
    throw fail.rule('server:account.passwordUnchanged', {}, { fields: ['password'] });
}

export async function replacePassword(
  ctx: AppContext,
  principal: MainPrincipal,
  password: string,
  guard: (tx: Executor) => Promise<unknown> = async () => undefined,
): Promise<void> {
  const passwordHash = await hashPassword(password, ctx.env.ARGON2_MEMORY_KIB);
  await inTransaction(ctx.database.db, async (tx) => {
    await guard(tx);
    await tx
      .update(accounts)
      .set({ passwordHash, failedPasswords: 0, lockedUntil: null, updatedAt: ctx.now() })
      .where(eq(accounts.id, principal.accountId));
    await revokeAccountSessions(ctx, tx, principal.accountId, 'password-changed', principal.sessionId);
  });
}
