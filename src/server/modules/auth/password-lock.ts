/**
 * Ten wrong passwords lock the **password** sign-in of an account for 30 minutes
 * (accounts.failed_passwords / locked_until). Sign-in by e-mail code or Google code stays open
 * (issue 13 §2): the lock slows password guessing, and a stranger typing wrong passwords must not
 * lock the owner out of every door. Those doors have their own limits (codes die after 5 wrong
 * tries, Google codes are throttled per account).
 *
 * An address with no account behaves the same way (423 after ten wrong passwords, for the same 30
 * minutes), counted in signin_failures under `nobody:<address>`: otherwise "423 or 422 forever"
 * would tell who is registered. A team member's address is counted the same way (members have no
 * `accounts` row to hold a counter).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts, signinFailures } from '../../db/schema';
import { fail } from '../../lib/errors';
import { claimSlots, releaseSlots } from '../../lib/limit-claim';

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
 * What a password try claimed before the password was judged (issue 29 §9): a main account's
 * `failed_passwords` counter, or a slot of the address count (members, and addresses with no
 * account). `locks` is the lock end when this try is the tenth.
 */
export type PasswordTry =
  | { kind: 'account'; accountId: string; locks: Date | null }
  | { kind: 'address'; email: string; ids: number[]; tenth: boolean };

const addressLimit = (email: string) => ({
  subject: nobodySubject(email),
  limit: MAX_WRONG_PASSWORDS,
  windowMs: LOCK_SECONDS * 1000,
});

/**
 * Claim one of the ten tries before judging the password, in one statement (or one locked claim),
 * so a burst of concurrent guesses has at most ten judged; 423 while locked. The tenth sets the
 * lock and starts the count again for the time after it; judged wrong, it already answers 423.
 */
export async function claimPasswordTry(
  ctx: AppContext,
  account: { id: string; sub: unknown } | null,
  email: string,
): Promise<PasswordTry> {
  const now = ctx.now();
  if (!account || account.sub) {
    // Members and unknown addresses: counted by address, the same ten in 30 minutes.
    const claim = await claimSlots(ctx.database.db, [addressLimit(email)], now);
    if (!claim.ok) throw fail.locked(claim.retryAfter);
    return { kind: 'address', email, ids: claim.ids, tenth: claim.taken[0]! >= MAX_WRONG_PASSWORDS };
  }
  const lockEnd = new Date(now.getTime() + LOCK_SECONDS * 1000);
  const reachesLimit = sql`${accounts.failedPasswords} + 1 >= ${MAX_WRONG_PASSWORDS}`;
  const [row] = await ctx.database.db
    .update(accounts)
    .set({
      failedPasswords: sql`case when ${reachesLimit} then 0 else ${accounts.failedPasswords} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockEnd.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(accounts.id, account.id), or(isNull(accounts.lockedUntil), lte(accounts.lockedUntil, now))))
    .returning({ lockedUntil: accounts.lockedUntil });
  if (!row) {
    const [locked] = await ctx.database.db
      .select({ lockedUntil: accounts.lockedUntil })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    assertNotLocked(ctx, locked?.lockedUntil ?? null);
    throw new Error(`Account ${account.id} vanished during a sign-in`);
  }
  return { kind: 'account', accountId: account.id, locks: row.lockedUntil };
}

/** The try was judged wrong: it keeps its count, and answers 423 when it was the tenth. */
export async function afterWrongPassword(ctx: AppContext, claimed: PasswordTry): Promise<void> {
  if (claimed.kind === 'account') {
    if (claimed.locks) assertNotLocked(ctx, claimed.locks);
    return;
  }
  if (claimed.tenth) await assertNobodyNotLocked(ctx, claimed.email);
}

/** The password was right (or never judged): the try gives its count back. */
export async function giveBackPasswordTry(ctx: AppContext, claimed: PasswordTry): Promise<void> {
  const db = ctx.database.db;
  if (claimed.kind === 'address') return releaseSlots(db, claimed.ids);
  if (claimed.locks) {
    // It was the tenth: undo its lock (only that one), back to nine counted.
    await db
      .update(accounts)
      .set({ lockedUntil: null, failedPasswords: MAX_WRONG_PASSWORDS - 1 })
      .where(and(eq(accounts.id, claimed.accountId), eq(accounts.lockedUntil, claimed.locks)));
    return;
  }
  await db
    .update(accounts)
    .set({ failedPasswords: sql`greatest(${accounts.failedPasswords} - 1, 0)` })
    .where(eq(accounts.id, claimed.accountId));
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
async function assertNobodyNotLocked(ctx: AppContext, email: string): Promise<void> {
  assertNotLocked(ctx, await nobodyLockEnd(ctx, email));
}
