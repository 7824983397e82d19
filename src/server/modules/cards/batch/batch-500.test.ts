/**
 * Openings at full size and under real concurrency: PostgreSQL only (PGlite runs one statement at
 * a time, so it cannot race, and 500-card batches there would only slow the suite down).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchResult } from '@contract/cards';
import { batchCard } from '@contract/cards';
import { cardBatches, coupons, ledgerTransactions } from '../../../db/schema';
import { fileTestApp } from '../../../testing/file-app';
import { auditLedger, isHealthy } from '../../ledger';
import { openingLedgerKey } from '../open/open-cards';
import {
  addCoupon,
  cardsOf,
  drainWallet,
  funded,
  idempotency,
  openCard,
  openCardBatch,
  quote,
  spyOnIssuer,
  SUBSCRIPTIONS,
  totalFor,
  usePlan,
  walletBalance,
} from '../../../testing/card-kit';

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('openings on PostgreSQL', () => {
  const t = fileTestApp();

  const FUNDS = 1_000_000;

  async function batchOf500(token: string, headers: Record<string, string>) {
    const cost = await quote(t, token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 500 });
    const answer = await openCardBatch(t, token, { count: 500, expectTotal: totalFor(cost, 'USD') }, headers);
    return { answer, total: totalFor(cost, 'USD') };
  }

  async function leftBehind(accountId: string, key: string) {
    const db = t.ctx.database.db;
    return {
      cards: (await cardsOf(t, accountId)).length,
      movements: (
        await db
          .select({ id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, openingLedgerKey(accountId, key)))
      ).length,
      wallet: await walletBalance(t, accountId, 'USD'),
      batch: (await db.select().from(cardBatches).where(eq(cardBatches.id, key)))[0]?.status,
    };
  }

  it('a batch of 500 whose issuer fails at card 499 leaves nothing behind', async () => {
    const me = await funded(t, { usd: FUNDS, plan: 'partner' });
    const headers = idempotency();
    const spy = spyOnIssuer(t, (n) => {
      if (n === 499) throw new Error('issuer timeout');
    });
    const { answer } = await batchOf500(me.token, headers);
    spy.restore();
    expect(answer.body.code).toBe(503);
    expect(spy.issued).toHaveLength(499);
    expect([...spy.cancelled].sort()).toEqual(spy.issued.map((card) => card.issuerRef).sort());
    expect(await leftBehind(me.accountId, headers['idempotency-key'])).toEqual({
      cards: 0,
      movements: 0,
      wallet: FUNDS,
      batch: 'failed',
    });
    const read = await t.api(batchCard, { batchId: headers['idempotency-key'] }, { token: me.token });
    expect(read.body.data).toMatchObject({ status: 'failed', total: 500, cards: [] });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a batch of 500 whose payment fails at commit rolls back all 500 and cancels them', async () => {
    const me = await funded(t, { usd: FUNDS, plan: 'partner' });
    const headers = idempotency();
    const spy = spyOnIssuer(t, async (n) => {
      if (n === 499) await drainWallet(t, me.accountId, FUNDS - 1_000);
    });
    const { answer } = await batchOf500(me.token, headers);
    spy.restore();
    expect(answer.body.code).toBe(422);
    expect(spy.cancelled).toHaveLength(500);
    expect(await leftBehind(me.accountId, headers['idempotency-key'])).toEqual({
      cards: 0,
      movements: 0,
      wallet: 1_000,
      batch: 'failed',
    });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a batch of 500 opens 500 cards in one movement', async () => {
    const me = await funded(t, { usd: FUNDS, plan: 'partner' });
    const headers = idempotency();
    const started = performance.now();
    const { answer, total } = await batchOf500(me.token, headers);
    const ms = performance.now() - started;
    expect(answer.body.code).toBe(200);
    const result = answer.body.data as BatchResult;
    expect(result).toMatchObject({ status: 'done', total: 500, issued: 500 });
    expect(result.cards).toHaveLength(500);
    expect(await leftBehind(me.accountId, headers['idempotency-key'])).toEqual({
      cards: 500,
      movements: 1,
      wallet: FUNDS - total,
      batch: 'done',
    });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
    // The benchmark holds the real target (5 s); this only catches an opening gone quadratic.
    expect(ms).toBeLessThan(15_000);
  });

  it('two openings racing for the last use of a coupon: one opens, the other is told the price changed', async () => {
    const me = await funded(t, { usd: FUNDS });
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 1,
    });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, couponId });
    const open = () => openCard(t, me.token, { couponId, expectTotal: totalFor(cost, 'USD') });
    const answers = await Promise.all([open(), open(), open(), open()]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 422)).toBe(true);
    const [coupon] = await t.ctx.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(coupon?.availableTimes).toBe(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(FUNDS - totalFor(cost, 'USD'));
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('concurrent openings never exceed the monthly allowance', async () => {
    const me = await funded(t, { usd: FUNDS });
    await usePlan(t, me.accountId, { monthlyCardLimit: 3 });
    const open = () => openCard(t, me.token, { expectTotal: 1_110 });
    const answers = await Promise.all(Array.from({ length: 8 }, open));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 422)).toHaveLength(5);
    expect(await cardsOf(t, me.accountId)).toHaveLength(3);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(FUNDS - 3 * 1_110);
  });
});
