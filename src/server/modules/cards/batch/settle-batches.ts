/**
 * Settles openings whose process died mid-way (issue 13 §2; single openings since issue 29 §7, their
 * rows are kind `single`). A batch is `issuing` from
 * before the first issuer call until the transaction that records its cards and takes the money;
 * that transaction also marks it done. So a batch still `issuing` long after its last progress was
 * never recorded and never paid for: the cards the issuer may have made for it are cancelled (by
 * our request ids, written before the first call), and the batch ends `failed` with the reason,
 * which `batchCard` and the PWA's progress show. Its key then starts a new attempt, like any failed
 * batch. Should the original process still be alive and try to commit after this, `finishBatch`
 * refuses and its opening rolls back.
 *
 * Runs at start and every minute, once across all processes (lib/jobs.ts); each batch is claimed
 * with SKIP LOCKED and a touched `updated_at`, so two runs never settle the same batch.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import { cardBatches, cards } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { IDEMPOTENCY_KEEP_MS } from '../../../lib/idempotency';
import type { JobSpec } from '../../../lib/jobs';
import { failureOf } from './batch-rows';

/** Batches settled per run; the next run takes the rest. */
const SETTLE_PER_RUN = 20;

interface Claimed {
  id: string;
  plannedCardIds: string[];
}

/**
 * Claims abandoned openings (all of them, or the one with `onlyId`) by touching `updated_at`; with
 * `adoptAs`, the claimant also takes the row as its own attempt (a retry adopting the plan).
 */
async function claimAbandoned(
  ctx: AppContext,
  onlyId: string | null = null,
  adoptAs: string | null = null,
): Promise<Claimed[]> {
  const now = ctx.now();
  const before = new Date(now.getTime() - ctx.env.ABANDONED_CLAIM_MS);
  const which = onlyId === null ? sql`` : sql`and id = ${onlyId}`;
  const attempt = adoptAs === null ? sql`` : sql`, attempt = ${adoptAs}`;
  const rows = await rowsOf<{ id: string; planned_card_ids: string[] }>(
    ctx.database.db,
    sql`
    update card_batches set updated_at = ${now} ${attempt}
    where id in (
      select id from card_batches
      where status = 'issuing' and updated_at < ${before} ${which}
      order by updated_at
      limit ${SETTLE_PER_RUN}
      for update skip locked
    )
    returning id, planned_card_ids`,
  );
  return rows.map((row) => ({ id: row.id, plannedCardIds: row.planned_card_ids }));
}

async function cancelUnrecorded(ctx: AppContext, batch: Claimed): Promise<number> {
  const planned = batch.plannedCardIds;
  if (planned.length === 0) return 0;
  const recorded = await ctx.database.db
    .select({ id: cards.id })
    .from(cards)
    .where(inArray(cards.id, planned));
  const known = new Set(recorded.map((row) => row.id));
  const unrecorded = planned.filter((id) => !known.has(id));
  const results = await Promise.allSettled(unrecorded.map((id) => ctx.issuer.cancelRequest(id)));
  results.forEach((result, index) => {
    if (result.status === 'rejected')
      ctx.log.error('card of an interrupted batch could not be cancelled; reconcile with the issuer', {
        batchId: batch.id,
        requestId: unrecorded[index],
        error: String(result.reason),
      });
  });
  return unrecorded.length;
}

/**
 * A retry of a single opening whose attempt died (issue 29 §7) takes that attempt's planned card ids
 * as its own instead of cancelling them: the issuer answers the same card for the same request id,
 * so the retry records the card the dead attempt had asked for and charges for it once. Null when
 * the attempt is not abandoned, or another retry or the settlement job claimed it first.
 */
export async function adoptAbandonedPlan(
  ctx: AppContext,
  id: string,
  attempt: string,
): Promise<string[] | null> {
  const [claimed] = await claimAbandoned(ctx, id, attempt);
  return claimed?.plannedCardIds ?? null;
}

/**
 * Settles abandoned batches: every one (the job), or only `onlyId` — a retry of that batch's key
 * settles it at once instead of waiting for the job (open-cards.ts).
 */
export async function settleAbandonedBatches(
  ctx: AppContext,
  onlyId: string | null = null,
): Promise<{ settled: number; cancelled: number }> {
  let settled = 0;
  let cancelled = 0;
  for (const batch of await claimAbandoned(ctx, onlyId)) {
    cancelled += await cancelUnrecorded(ctx, batch);
    const reason = failureOf(new AppError(409, 'server:cardOpen.batchInterrupted'));
    const failed = await ctx.database.db
      .update(cardBatches)
      .set({ status: 'failed', failureReason: reason, updatedAt: ctx.now() })
      .where(and(eq(cardBatches.id, batch.id), eq(cardBatches.status, 'issuing')))
      .returning({ id: cardBatches.id });
    settled += failed.length;
  }
  return { settled, cancelled };
}

/**
 * A single opening's record is deleted when its opening commits; a failed one is kept only as long
 * as its Idempotency-Key (48 hours), within which a retry of the key starts it again. Nothing reads
 * it after that, so the table does not grow with failed single openings.
 */
export async function purgeFailedSingles(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - IDEMPOTENCY_KEEP_MS);
  const gone = await ctx.database.db
    .delete(cardBatches)
    .where(
      and(
        eq(cardBatches.kind, 'single'),
        eq(cardBatches.status, 'failed'),
        lt(cardBatches.updatedAt, before),
      ),
    )
    .returning({ id: cardBatches.id });
  return gone.length;
}

export const batchSettleJob: JobSpec = {
  name: 'card-batch-settlement',
  everyMs: 60_000,
  leaseMs: 5 * 60_000,
  async run(ctx) {
    const counts = await settleAbandonedBatches(ctx);
    if (counts.settled > 0) ctx.log.warn('interrupted card batches settled', counts);
    await purgeFailedSingles(ctx);
  },
};
