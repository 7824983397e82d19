/**
 * Issue 13 §2: a batch opening whose process dies between the issuer and the database is settled —
 * the cards the issuer may have made are cancelled by their request ids, the batch ends `failed`
 * with the reason `batchCard` shows, nothing is charged, its key starts a new attempt — and a
 * process that was only slow cannot commit a batch that was settled under it.
 */
import { describe, expect, it } from 'vitest';
import type { BatchResult } from '@contract/cards';
import { batchCard } from '@contract/cards';
import { fileTestApp } from '../../../testing/file-app';
import {
  cardsOf,
  expectLedgerHealthy,
  funded,
  idempotency,
  openCardBatch,
  quote,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../../testing/card-kit';
import { batchSettleJob, settleAbandonedBatches } from './settle-batches';

const t = fileTestApp();

/**
 * Holds the issuer after `after` cards, as a process that died (or stalled) there would: the
 * opening stays pending until `release()`. Records the request ids cancelled by request.
 */
function stallIssuer(after: number) {
  const original = t.ctx.issuer;
  const requested: string[] = [];
  const cancelledRequests: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => undefined;
  const stalled = new Promise<void>((resolve) => (reached = resolve));
  t.ctx.issuer = {
    ...original,
    async issueCard(request) {
      requested.push(request.requestId);
      if (requested.length > after) {
        reached();
        await gate;
      }
      return original.issueCard(request);
    },
    async cancelRequest(requestId) {
      cancelledRequests.push(requestId);
      await original.cancelRequest(requestId);
    },
  };
  return { requested, cancelledRequests, stalled, release, restore: () => (t.ctx.issuer = original) };
}

async function batchState(token: string, batchId: string, lang: 'en' | 'zh-CN' = 'en'): Promise<BatchResult> {
  const answer = await t.api(batchCard, { batchId }, { token, lang });
  expect(answer.body.code).toBe(200);
  return answer.body.data as BatchResult;
}

describe('settling interrupted card batches', () => {
  it('cancels the cards of a batch whose process died, fails it with the reason, charges nothing, and lets the key retry', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = totalFor(
      await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 12 }),
      'USD',
    );
    const headers = idempotency();
    const batchId = headers['idempotency-key'];
    const issuer = stallIssuer(7);
    const dead = openCardBatch(t, me.token, { count: 12, expectTotal }, headers);
    await issuer.stalled;

    // A live batch is left alone.
    expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 0, cancelled: 0 });
    expect((await batchState(me.token, batchId)).status).toBe('issuing');

    t.advance(t.ctx.env.ABANDONED_CLAIM_MS + 1_000);
    expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 1, cancelled: 12 });
    // Every planned card is cancelled at the issuer: those it was asked for and those it may have been.
    expect(new Set(issuer.cancelledRequests).size).toBe(12);
    expect(issuer.requested.length).toBeGreaterThan(0);
    expect(issuer.requested.every((id) => issuer.cancelledRequests.includes(id))).toBe(true);

    const settled = await batchState(me.token, batchId);
    expect(settled).toMatchObject({ status: 'failed', issued: 0 });
    expect(settled.failureReason).toBe(
      'The batch was interrupted before its cards were recorded: nothing was charged and the cards were cancelled. Please open them again.',
    );
    expect((await batchState(me.token, batchId, 'zh-CN')).failureReason).toContain('本批次在卡片入账前中断');
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    // Settled once: a second run finds nothing.
    expect(await settleAbandonedBatches(t.ctx)).toEqual({ settled: 0, cancelled: 0 });
    issuer.restore();

    // The same key is a new attempt, which opens the cards.
    const retried = await openCardBatch(t, me.token, { count: 12, expectTotal }, headers);
    expect(retried.body.code).toBe(200);
    expect(retried.body.data).toMatchObject({ batchId, status: 'done', issued: 12 });
    expect(await cardsOf(t, me.accountId)).toHaveLength(12);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);

    // Were the first process only stalled, its late commit cannot take over the new attempt's batch.
    issuer.release();
    expect((await dead).body.code).toBe(409);
    expect(await batchState(me.token, batchId)).toMatchObject({ status: 'done', issued: 12 });
    expect(await cardsOf(t, me.accountId)).toHaveLength(12);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);
    await expectLedgerHealthy(t);
  });

  it('refuses the commit of a process that was only slow once its batch was settled, and takes no money', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = totalFor(
      await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 3 }),
      'USD',
    );
    const headers = idempotency();
    const issuer = stallIssuer(1);
    const opening = openCardBatch(t, me.token, { count: 3, expectTotal }, headers);
    await issuer.stalled;
    t.advance(t.ctx.env.ABANDONED_CLAIM_MS + 1_000);
    expect((await settleAbandonedBatches(t.ctx)).settled).toBe(1);

    issuer.release();
    const late = await opening;
    expect(late.body.code).toBe(409);
    expect(late.body.msg).toContain('The batch was interrupted');
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
    expect((await batchState(me.token, headers['idempotency-key'])).status).toBe('failed');
    issuer.restore();
    await expectLedgerHealthy(t);
  });

  it('settles an abandoned attempt when its key is sent again, then opens the cards, without waiting for the job', async () => {
    const me = await funded(t, { usd: 100_000 });
    const expectTotal = totalFor(
      await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 4 }),
      'USD',
    );
    const headers = idempotency();
    const issuer = stallIssuer(2);
    void openCardBatch(t, me.token, { count: 4, expectTotal }, headers);
    await issuer.stalled;
    const firstPlan = [...issuer.requested];

    // Within the claim window the key is still in progress.
    const early = await openCardBatch(t, me.token, { count: 4, expectTotal }, headers);
    expect(early.body.code).toBe(409);

    t.advance(t.ctx.env.ABANDONED_CLAIM_MS + 1_000);
    issuer.restore();
    const spy = stallIssuer(1_000);
    const retried = await openCardBatch(t, me.token, { count: 4, expectTotal }, headers);
    expect(retried.body.code).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'done', issued: 4 });
    // The dead attempt's cards were cancelled before the new attempt was issued.
    expect(firstPlan.every((id) => spy.cancelledRequests.includes(id))).toBe(true);
    expect(spy.cancelledRequests).toHaveLength(4);
    expect(await cardsOf(t, me.accountId)).toHaveLength(4);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - expectTotal);
    spy.restore();
    issuer.release();
    await expectLedgerHealthy(t);
  });

  it('is a background job that runs at most once a minute across processes', () => {
    expect(batchSettleJob.everyMs).toBe(60_000);
    expect(batchSettleJob.name).toBe('card-batch-settlement');
  });
});
