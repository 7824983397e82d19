/**
 * Mail sent outside the request that asked for it (issue 13 §2): the signed-out code mails (sign-up,
 * sign-in, forgotten password) go through this queue, so the answer and its timing are the same
 * whether the address has an account or not, and an SMTP outage is not a 500 that only real
 * accounts get. Signed-in requests keep sending directly: the caller is known, and a failed send
 * can say "could not send, try again" at once.
 *
 * - `enqueueMail` writes the message, sealed with the server key (it holds a code), in the caller's
 *   transaction; `kickMailQueue` starts a drain in this process once that has committed.
 * - `drainMailQueue` claims one due row at a time in a short transaction (SKIP LOCKED, pushing its
 *   next attempt past a lease), sends outside any transaction (PGlite has one connection, and SMTP
 *   may be slow), then deletes the row. Any process may drain: a row is sent by the process that
 *   claimed it; one whose sender died is due again after the lease (delivery is at least once).
 * - A failed send is retried with back-off; after MAIL_ATTEMPTS the mail is dropped and its code
 *   withdrawn with the counts it took, so a send that never happened does not hold the customer back:
 *   asking again works at once.
 * - A mail whose code is no longer live when its turn comes (replaced by a newer request, used,
 *   killed or expired: issue 28 §5) is dropped unsent: after an outage the old code would arrive
 *   after the new one, and the customer would type the last one read, which is refused.
 * - The background job (mailQueueJob) retries and picks up rows of processes that stopped.
 */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { inTransaction } from '../db/client';
import { emailCodes, mailQueue, signinFailures } from '../db/schema';
import type { Mail } from '../providers/mail/mail-provider';
import { newId } from './crypto';
import type { JobSpec } from './jobs';
import { countOutcomes, mailQueueTotal } from './metrics';

export const MAIL_ATTEMPTS = 4;
/** Wait before the 2nd, 3rd and 4th attempt. A code lives 10 minutes; these end well before. */
export const MAIL_RETRY_MS = [15_000, 60_000, 180_000];
/** A claimed mail is due again after this, should its sender die mid-send. */
export const MAIL_LEASE_MS = 60_000;

export interface QueuedMailLinks {
  codeId?: string;
  sourceCountId?: number | null;
}

export async function enqueueMail(
  tx: Executor,
  ctx: AppContext,
  mail: Mail,
  links: QueuedMailLinks = {},
): Promise<void> {
  const now = ctx.now();
  await tx.insert(mailQueue).values({
    id: newId(),
    sealed: ctx.box.seal(JSON.stringify(mail)),
    codeId: links.codeId ?? null,
    sourceCountId: links.sourceCountId ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
}

type Claimed = typeof mailQueue.$inferSelect;

async function claimDue(ctx: AppContext): Promise<Claimed | null> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .select()
      .from(mailQueue)
      .where(lte(mailQueue.nextAttemptAt, now))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const attempts = row.attempts + 1;
    await tx
      .update(mailQueue)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
      .where(eq(mailQueue.id, row.id));
    return { ...row, attempts };
  });
}

/** The last attempt failed: the mail is dropped, its code withdrawn with the counts it took. */
async function giveUp(ctx: AppContext, row: Claimed): Promise<void> {
  await inTransaction(ctx.database.db, async (tx) => {
    await tx.delete(mailQueue).where(eq(mailQueue.id, row.id));
    if (row.codeId)
      await tx.delete(emailCodes).where(and(eq(emailCodes.id, row.codeId), isNull(emailCodes.consumedAt)));
    if (row.sourceCountId !== null)
      await tx.delete(signinFailures).where(eq(signinFailures.id, row.sourceCountId));
  });
}

/** Whether the code a queued mail carries can still be used; a mail without a code always can. */
async function codeStillLive(ctx: AppContext, row: Claimed): Promise<boolean> {
  if (!row.codeId) return true;
  const [live] = await ctx.database.db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(eq(emailCodes.id, row.codeId), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, ctx.now())),
    );
  return live !== undefined;
}

type Outcome = 'sent' | 'retry' | 'dropped' | 'stale';

async function sendOne(ctx: AppContext, row: Claimed): Promise<Outcome> {
  if (!(await codeStillLive(ctx, row))) {
    // Its code was replaced, used or has expired: nothing to withdraw, the mail is only noise now.
    await ctx.database.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    ctx.log.info('queued mail dropped: its code is no longer live', { attempts: row.attempts });
    return 'stale';
  }
  try {
    await ctx.mail.send(JSON.parse(ctx.box.open(row.sealed)) as Mail);
  } catch (error) {
    if (row.attempts >= MAIL_ATTEMPTS) {
      ctx.log.warn('queued mail dropped', { attempts: row.attempts, error: String(error) });
      await giveUp(ctx, row);
      return 'dropped';
    }
    const wait = MAIL_RETRY_MS[row.attempts - 1] ?? MAIL_RETRY_MS[MAIL_RETRY_MS.length - 1]!;
    ctx.log.warn('queued mail not sent, will retry', { attempts: row.attempts, error: String(error) });
    await ctx.database.db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(ctx.now().getTime() + wait) })
      .where(eq(mailQueue.id, row.id));
    return 'retry';
  }
  await ctx.database.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
  return 'sent';
}

/** Sends every due mail; answers how each went. */
export async function drainMailQueue(ctx: AppContext): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { sent: 0, retry: 0, dropped: 0, stale: 0 };
  for (let row = await claimDue(ctx); row; row = await claimDue(ctx)) counts[await sendOne(ctx, row)] += 1;
  countOutcomes(mailQueueTotal, counts);
  return counts;
}

/** This process's running drain, so a reader (the demo outbox, tests) can wait for it. */
let running: Promise<unknown> = Promise.resolve();

/** Starts a drain now, after the enqueueing transaction committed; the request does not wait for it. */
export function kickMailQueue(ctx: AppContext): void {
  running = running
    .then(() => drainMailQueue(ctx))
    .catch((error: unknown) => ctx.log.error('mail queue drain failed', { error: String(error) }));
}

/** Waits for this process's drains, then sends what is still due: what the outbox shows is complete. */
export async function settleMailQueue(ctx: AppContext): Promise<void> {
  await running;
  await drainMailQueue(ctx);
}

export const mailQueueJob: JobSpec = {
  name: 'mail-queue',
  everyMs: 5_000,
  leaseMs: 5 * 60_000,
  run: async (ctx) => {
    await drainMailQueue(ctx);
  },
};
