/**
 * Ten wrong passwords lock the **password** sign-in of an account for 30 minutes
 * (accounts.failed_passwords / locked_until). Sign-in by e-mail code or Google code stays open
 * (issue 13 §2): the lock slows password guessing, and a stranger typing wrong passwords must not
 * lock the owner out of every door. Those doors have their own limits (codes die after 5 wrong
 * tries, Google codes are throttled per account).
 *
 * An address with no account behaves the same way (423 after ten wrong passwords, for the same 30
 * minutes), counted in signin_failures under `nobody:<address>`: otherwise "423 or 422 forever"
 * would tell who is registered.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts, signinFailures } from '../../db/schema';
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

const nobodySubject = (email: string) => `nobody:${email}`;

/** The lock end of an address without an account: the tenth wrong password in the window + 30 min. */
async function nobodyLockEnd(ctx: AppContext, email: string): Promise<Date | null> {
  const since = new Date(ctx.now().getTime() - LOCK_SECONDS * 1000);
  const wrong = await ctx.database.db
    .select({ createdAt: signinFailures.createdAt })
    .from(signinFailures)
    .where(and(eq(signinFailures.subject, nobodySubject(email)), gt(signinFailures.createdAt, since)))
    .orderBy(asc(signinFailures.createdAt));
  const tenth = wrong[MAX_WRONG_PASSWORDS - 1];
  return tenth ? new Date(tenth.createdAt.getTime() + LOCK_SECONDS * 1000) : null;
}

/** 423 while an unknown address is "locked", exactly as a real account would be. */
export async function assertNobodyNotLocked(ctx: AppContext, email: string): Promise<void> {
  assertNotLocked(ctx, await nobodyLockEnd(ctx, email));
}

/** Count a wrong password for an unknown address; the tenth answers 423 like a real account's. */
export async function countNobodyWrongPassword(ctx: AppContext, email: string): Promise<void> {
  await ctx.database.db
    .insert(signinFailures)
    .values({ subject: nobodySubject(email), createdAt: ctx.now() });
  await assertNobodyNotLocked(ctx, email);
}
