/**
 * The `card_batches` row of an opening — the planned-card record: made (committed) before the first
 * card is issued, with the card ids (= the issuer's request ids) the attempt plans, so a process that
 * dies before its commit leaves a record of what the issuer may have made (settle-batches.ts). A
 * batch's row also lets `batchCard` report progress while the request is still running; it is
 * marked done in the opening's transaction, or failed with the reason after it rolled back. A
 * single opening's row (kind `single`) is deleted in its transaction instead: nothing reads it after.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cardBatches } from '../../../db/schema';
import { AppError, fail, type MessageParams } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';

export type BatchRow = typeof cardBatches.$inferSelect;

/**
 * Claims the batch id for this run. A failed batch with the same id is started again:
 * its key was released, so the customer is retrying it. Another account's batch with the id is a 409
 * like any key reused; a batch still running is a 409 "still being processed".
 */
export async function startBatch(
  db: Executor,
  batch: BatchRun & { accountId: string; subAccountId: string | null; now: Date; abandonedAfterMs: number },
): Promise<'started' | 'abandoned'> {
  const { id, accountId, subAccountId, now, kind, attempt } = batch;
  const total = batch.cardIds.length;
  const plannedCardIds = [...batch.cardIds];
  const made = await db
    .insert(cardBatches)
    .values({
      id,
      accountId,
      subAccountId,
      status: 'issuing',
      kind,
      attempt,
      total,
      issued: 0,
      plannedCardIds,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: cardBatches.id });
  if (made.length > 0) return 'started';
  const [existing] = await db.select().from(cardBatches).where(eq(cardBatches.id, id)).limit(1);
  // Another opener's batch (another account's, or within the team another member's or the owner's)
  // is not this caller's to retry.
  if (
    !existing ||
    existing.kind !== kind ||
    existing.accountId !== accountId ||
    existing.subAccountId !== subAccountId
  )
    throw fail.conflict('server:idempotency.keyReused');
  if (existing.status === 'done') throw fail.conflict('server:idempotency.keyReused');
  // An attempt still issuing, even one whose process died, is not taken over: it is settled first —
  // the cards its plan may have made cancelled, the batch failed (settle-batches.ts) — and then the
  // caller starts again. One untouched for less than the claim window is still running.
  if (existing.status === 'issuing') {
    if (now.getTime() - existing.updatedAt.getTime() > batch.abandonedAfterMs) return 'abandoned';
    throw fail.conflict('server:idempotency.inProgress');
  }
  const restarted = await db
    .update(cardBatches)
    .set({
      status: 'issuing',
      attempt,
      total,
      issued: 0,
      plannedCardIds,
      failureReason: null,
      updatedAt: now,
    })
    .where(and(eq(cardBatches.id, id), eq(cardBatches.updatedAt, existing.updatedAt)))
    .returning({ id: cardBatches.id });
  if (restarted.length === 0) throw fail.conflict('server:idempotency.inProgress');
  return 'started';
}

/**
 * One attempt of an opening: its row's id, the card ids it planned (a retry of a batch's key plans
 * new ones; a retry of a single opening adopts a dead attempt's plan) and its own token.
 */
export interface BatchRun {
  id: string;
  kind: 'batch' | 'single';
  attempt: string;
  cardIds: readonly string[];
}

/**
 * The batch row while it is still this attempt's: issuing, with this attempt's plan. A process that
 * lost its batch (settled as interrupted, then retried) must not write over the new attempt.
 */
function stillOurs(run: BatchRun) {
  return and(
    eq(cardBatches.id, run.id),
    eq(cardBatches.status, 'issuing'),
    eq(cardBatches.attempt, run.attempt),
    sql`${cardBatches.plannedCardIds} = ${JSON.stringify(run.cardIds)}::jsonb`,
  );
}

export async function reportProgress(db: Executor, run: BatchRun, issued: number, now: Date): Promise<void> {
  await db.update(cardBatches).set({ issued, updatedAt: now }).where(stillOurs(run));
}

/**
 * Marks the batch done (deletes a single opening's record) in the opening's transaction. A row that
 * is no longer this attempt's was settled as interrupted meanwhile (its cards cancelled at the
 * issuer) or adopted by a retry: the opening must not commit.
 */
export async function finishBatch(db: Executor, run: BatchRun, now: Date): Promise<void> {
  const finished =
    run.kind === 'single'
      ? await db.delete(cardBatches).where(stillOurs(run)).returning({ id: cardBatches.id })
      : await db
          .update(cardBatches)
          .set({ status: 'done', issued: sql`${cardBatches.total}`, failureReason: null, updatedAt: now })
          .where(stillOurs(run))
          .returning({ id: cardBatches.id });
  if (finished.length === 0) throw fail.conflict('server:cardOpen.batchInterrupted');
}

/**
 * The reason is stored as its message key and parameters, not as text: `batchCard` translates it
 * for whoever reads it, in their language. An unexpected error is stored as a neutral "failed"
 * (its own text is for the log, never for customers).
 */
export function failureOf(error: unknown): string {
  if (error instanceof AppError) return JSON.stringify({ key: error.messageKey, params: error.params });
  return JSON.stringify({ key: 'server:cardOpen.batchFailed', params: {} });
}

export function failureText(stored: string, lang: Lang): string {
  try {
    const { key, params } = JSON.parse(stored) as { key: string; params: MessageParams };
    return translate(lang, key, params);
  } catch {
    return translate(lang, 'server:cardOpen.batchFailed');
  }
}

/**
 * Marks this attempt failed. False when the row is no longer this attempt's: the settlement job or a
 * retry that adopted the plan owns its issuer cards now, so this attempt must not cancel them.
 */
export async function failBatch(db: Executor, run: BatchRun, error: unknown, now: Date): Promise<boolean> {
  const failed = await db
    .update(cardBatches)
    .set({ status: 'failed', failureReason: failureOf(error), updatedAt: now })
    .where(stillOurs(run))
    .returning({ id: cardBatches.id });
  return failed.length > 0;
}
