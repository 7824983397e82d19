/**
 * The `card_batches` row of a batch opening: made (committed) before the first card is issued, so
 * `batchCard` can report progress while the opening request is still running; marked done in the
 * opening's transaction, or failed with the reason after it rolled back.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardBatches } from '../../db/schema';
import { AppError, fail, type MessageParams } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';

export type BatchRow = typeof cardBatches.$inferSelect;

/** An `issuing` batch not touched for this long belonged to a process that died; a retry may take it over. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

/**
 * Claims the batch id for this run. A failed (or abandoned) batch with the same id is started again:
 * its key was released, so the customer is retrying it. Another account's batch with the id is a 409
 * like any key reused; a batch still running is a 409 "still being processed".
 */
export async function startBatch(
  db: Executor,
  batch: { id: string; accountId: string; total: number; now: Date },
): Promise<void> {
  const { id, accountId, total, now } = batch;
  const made = await db
    .insert(cardBatches)
    .values({ id, accountId, status: 'issuing', total, issued: 0, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: cardBatches.id });
  if (made.length > 0) return;
  const [existing] = await db.select().from(cardBatches).where(eq(cardBatches.id, id)).limit(1);
  if (!existing || existing.accountId !== accountId) throw fail.conflict('server:idempotency.keyReused');
  if (existing.status === 'done') throw fail.conflict('server:idempotency.keyReused');
  const abandoned =
    existing.status === 'issuing' && now.getTime() - existing.updatedAt.getTime() > ABANDONED_AFTER_MS;
  if (existing.status === 'issuing' && !abandoned) throw fail.conflict('server:idempotency.inProgress');
  const restarted = await db
    .update(cardBatches)
    .set({ status: 'issuing', total, issued: 0, failureReason: null, updatedAt: now })
    .where(and(eq(cardBatches.id, id), eq(cardBatches.updatedAt, existing.updatedAt)))
    .returning({ id: cardBatches.id });
  if (restarted.length === 0) throw fail.conflict('server:idempotency.inProgress');
}

export async function reportProgress(db: Executor, id: string, issued: number, now: Date): Promise<void> {
  await db
    .update(cardBatches)
    .set({ issued, updatedAt: now })
    .where(and(eq(cardBatches.id, id), eq(cardBatches.status, 'issuing')));
}

export async function finishBatch(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(cardBatches)
    .set({ status: 'done', issued: sql`${cardBatches.total}`, failureReason: null, updatedAt: now })
    .where(eq(cardBatches.id, id));
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

export async function failBatch(db: Executor, id: string, error: unknown, now: Date): Promise<void> {
  await db
    .update(cardBatches)
    .set({ status: 'failed', failureReason: failureOf(error), updatedAt: now })
    .where(eq(cardBatches.id, id));
}
