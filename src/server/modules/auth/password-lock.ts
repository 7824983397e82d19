/**
 * Ten wrong passwords lock the account for 30 minutes (accounts.failed_passwords / locked_until).
 * The lock stops every way of signing in, not just the password, so it cannot be sidestepped.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';
import { fail } from '../../lib/errors';

export const MAX_WRONG_PASSWORDS = 10;
export const LOCK_SECONDS = 30 * 60;

function secondsUntil(ctx: AppContext, until: Date): number {
  return Math.ceil((until.getTime() - ctx.now().getTime()) / 1000);
}

/** 423 with data.retryAfter while the account is locked. */
export function assertNotLocked(ctx: AppContext, lockedUntil: Date | null): void {
  if (lockedUntil && secondsUntil(ctx, lockedUntil) > 0) throw fail.locked(secondsUntil(ctx, lockedUntil));
}

/**
 * Count a wrong password in one statement, so concurrent guesses cannot slip past the limit. The
 * tenth sets the lock and starts the count again for the time after it; that attempt already answers
 * 423.
 */
export async function countWrongPassword(ctx: AppContext, accountId: string): Promise<void> {
  const lockEnd = new Date(ctx.now().getTime() + LOCK_SECONDS * 1000);
  const reachesLimit = sql`${accounts.failedPasswords} + 1 >= ${MAX_WRONG_PASSWORDS}`;
  const [row] = await ctx.database.db
    .update(accounts)
    .set({
      failedPasswords: sql`case when ${reachesLimit} then 0 else ${accounts.failedPasswords} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockEnd.toISOString()}::timestamptz else ${accounts.lockedUntil} end`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ lockedUntil: accounts.lockedUntil });
  if (row?.lockedUntil) assertNotLocked(ctx, row.lockedUntil);
}

/** A successful sign-in or a new password starts the count afresh. */
export async function clearPasswordFailures(tx: Executor, accountId: string): Promise<void> {
  await tx.update(accounts).set({ failedPasswords: 0, lockedUntil: null }).where(eq(accounts.id, accountId));
}
