/**
 * Every limit is one atomic claim in the database, taken BEFORE the thing it limits is judged
 * (issue 29 §9; decisions.md "Security: throttles that stop the attacker, not the victim").
 *
 * A limit is "at most `limit` counted events of `subject` in a sliding window of `windowMs`",
 * counted as rows of `signin_failures`. The old shape — read the count, judge the guess, write a
 * row if it was wrong — let every request of a burst read the same low count: 30 concurrent wrong
 * passwords were all judged under a limit of 5. Here a request first claims a slot: under a
 * transaction-scoped advisory lock per subject it counts the window and, if a slot is free, writes
 * its row in the same transaction. Only then is the guess judged. A guess that turns out right (or
 * a request that fails for another reason) gives its slot back; a wrong one keeps it. Of a burst of
 * N concurrent guesses at most `limit` are ever judged.
 *
 * The advisory lock (not a counter row with `INSERT … ON CONFLICT … WHERE count < limit`) keeps the
 * sliding window the limits always had, so `retryAfter` still says when the oldest counted event
 * leaves it. Locks are taken in sorted order so claims over several subjects cannot deadlock.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction } from '../db/client';
import { signinFailures } from '../db/schema';
import { fail } from './errors';

export interface SlotLimit {
  subject: string;
  limit: number;
  windowMs: number;
}

/** `taken`: per limit (in the order given), how many events the window holds with this one. */
export type Claim =
  { ok: true; ids: number[]; taken: number[] } | { ok: false; subject: string; retryAfter: number };

/** Take one slot of every limit, or none: refused when any of them is full. */
export async function claimSlots(db: Db, limits: readonly SlotLimit[], now: Date): Promise<Claim> {
  const sorted = [...limits].sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
  return inTransaction(db, async (tx) => {
    for (const { subject } of sorted)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${subject}`}))`);
    const taken = new Map<string, number>();
    for (const { subject, limit, windowMs } of sorted) {
      const counted = await tx
        .select({ createdAt: signinFailures.createdAt })
        .from(signinFailures)
        .where(
          and(
            eq(signinFailures.subject, subject),
            gt(signinFailures.createdAt, new Date(now.getTime() - windowMs)),
          ),
        )
        .orderBy(asc(signinFailures.createdAt));
      if (counted.length >= limit) {
        // The wait ends when the oldest event that keeps the window full leaves it.
        const oldest = counted[counted.length - limit]!.createdAt.getTime();
        return {
          ok: false as const,
          subject,
          retryAfter: Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000)),
        };
      }
      taken.set(subject, counted.length + 1);
    }
    const rows = await tx
      .insert(signinFailures)
      .values(sorted.map(({ subject }) => ({ subject, createdAt: now })))
      .returning({ id: signinFailures.id });
    return { ok: true as const, ids: rows.map((r) => r.id), taken: limits.map((l) => taken.get(l.subject)!) };
  });
}

/**
 * 429 while `limit` is full, claiming nothing: for requests that only lead to a judged one (a new
 * challenge), where a burst slipping past costs nothing because the judging claims again.
 */
export async function refuseWhenFull(db: Db, limit: SlotLimit, now: Date): Promise<void> {
  const counted = await db
    .select({ createdAt: signinFailures.createdAt })
    .from(signinFailures)
    .where(
      and(
        eq(signinFailures.subject, limit.subject),
        gt(signinFailures.createdAt, new Date(now.getTime() - limit.windowMs)),
      ),
    )
    .orderBy(asc(signinFailures.createdAt));
  if (counted.length < limit.limit) return;
  const oldest = counted[counted.length - limit.limit]!.createdAt.getTime();
  throw fail.rateLimited(Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000)));
}

/** Claim one slot of `limit`; 429 with `retryAfter` when it is full. Answers the claimed rows. */
export async function claimOrRefuse(db: Db, limits: readonly SlotLimit[], now: Date): Promise<number[]> {
  const claim = await claimSlots(db, limits, now);
  if (!claim.ok) throw fail.rateLimited(claim.retryAfter);
  return claim.ids;
}

/** Give claimed slots back (the guess was right, or the request failed before judging it). */
export async function releaseSlots(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(signinFailures).where(inArray(signinFailures.id, [...ids]));
}

/**
 * Claim first (429 when full), then judge. `judge` answers 'wrong' to keep the slot (the guess
 * counts) or 'right' to give it back; a throw gives it back too and passes the error on.
 */
export async function claimThenJudge<T extends 'right' | 'wrong'>(
  db: Db,
  limits: readonly SlotLimit[],
  now: Date,
  judge: () => Promise<T>,
): Promise<T> {
  const ids = await claimOrRefuse(db, limits, now);
  let outcome: T;
  try {
    outcome = await judge();
  } catch (error) {
    await releaseSlots(db, ids);
    throw error;
  }
  if (outcome === 'right') await releaseSlots(db, ids);
  return outcome;
}
