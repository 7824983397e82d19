import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchResult } from '@contract/cards';
import { batchCard } from '@contract/cards';
import { cardBatches, ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { fileTestApp } from '../../../testing/file-app';
import { signedInAccount } from '../../../testing/signed-in';
import { auditLedger, isHealthy } from '../../ledger';
import { openingLedgerKey } from '../open/open-cards';
import {
  cardsOf,
  drainWallet,
  funded,
  idempotency,
  openCardBatch,
  quote,
  spyOnIssuer,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../../testing/card-kit';

const t = fileTestApp();

/** A batch of `count` cards labelled `team`, 10.00 each from the USD wallet. */
function openBatch(token: string, count: number, expectTotal: number, headers?: Record<string, string>) {
  return openCardBatch(t, token, { count, expectTotal, label: 'team' }, headers);
}

describe('POST /api/card/batchOpenCard and batchCard', () => {
  it('a batch of 20 opens 20 cards with one movement at the quoted total', async () => {
    const me = await funded(t, { usd: 100_000 });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 20 });
    expect(totalFor(cost, 'USD')).toBe(22_200);
    const headers = idempotency();
    const answer = await openBatch(me.token, 20, 22_200, headers);
    expect(answer.body.code).toBe(200);
    const result = answer.body.data as BatchResult;
    expect(result).toMatchObject({
      batchId: headers['idempotency-key'],
      status: 'done',
      total: 20,
      issued: 20,
      failureReason: null,
    });
    expect(result.cards).toHaveLength(20);
    expect(new Set(result.cards.map((c) => c.id)).size).toBe(20);
    expect(
      result.cards.every((c) => c.balance === 1_000 && c.label === 'team' && c.status === 'active'),
    ).toBe(true);
    expect(await cardsOf(t, me.accountId)).toHaveLength(20);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - 22_200);

    const movements = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        eq(ledgerTransactions.idempotencyKey, openingLedgerKey(me.accountId, headers['idempotency-key'])),
      );
    expect(movements).toHaveLength(1);
    expect(movements[0]?.id).toBe(result.txnNo);
    const entries = await t.ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, result.txnNo!));
    const walletRows = entries.filter((e) => e.accountId === me.accountId);
    expect(walletRows.map((e) => [e.type, e.amount, e.description, e.cardSerial])).toEqual([
      ['card_open', -20_000, `${SUBSCRIPTIONS} ×20`, null],
      ['fee', -2_200, `${SUBSCRIPTIONS} ×20`, null],
    ]);
    expect(entries.filter((e) => e.ledgerAccountId.startsWith('card:'))).toHaveLength(20);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);

    // batchCard answers the same result afterwards.
    const read = await t.api(batchCard, { batchId: result.batchId }, { token: me.token });
    expect(read.body.data).toEqual(result);
  });

  it('batchCard reports progress while the cards are issued', async () => {
    const me = await funded(t, { usd: 100_000 });
    const headers = idempotency();
    const seen: BatchResult[] = [];
    const spy = spyOnIssuer(t, async (n) => {
      if (n === 31) {
        const progress = await t.api(batchCard, { batchId: headers['idempotency-key'] }, { token: me.token });
        seen.push(progress.body.data as BatchResult);
      }
    });
    const answer = await openBatch(me.token, 40, 44_400, headers);
    spy.restore();
    expect(answer.body.code).toBe(200);
    expect(seen).toEqual([
      {
        batchId: headers['idempotency-key'],
        status: 'issuing',
        total: 40,
        issued: 25,
        failureReason: null,
        cards: [],
        txnNo: null,
      },
    ]);
  });

  it('needs an Idempotency-Key (the batch id)', async () => {
    const me = await funded(t, { usd: 100_000 });
    const answer = await openBatch(me.token, 2, 2_220, {});
    expect([answer.body.code, answer.body.msg]).toEqual([
      400,
      'A batch opening needs an Idempotency-Key header (it is the batch id)',
    ]);
  });

  it('only the owner may read a batch', async () => {
    const me = await funded(t, { usd: 100_000 });
    const headers = idempotency();
    expect((await openBatch(me.token, 2, 2_220, headers)).body.code).toBe(200);
    const stranger = await signedInAccount(t);
    const theirs = await t.api(batchCard, { batchId: headers['idempotency-key'] }, { token: stranger.token });
    expect([theirs.body.code, theirs.body.msg]).toEqual([404, 'Batch not found']);
    const unknown = await t.api(batchCard, { batchId: 'no-such-batch' }, { token: me.token });
    expect(unknown.body.code).toBe(404);
  });

  it('an issuer failure opens nothing, cancels what was issued and marks the batch failed; a retry then succeeds', async () => {
    const me = await funded(t, { usd: 100_000 });
    const headers = idempotency();
    const spy = spyOnIssuer(t, (n) => {
      if (n === 7) throw new Error('issuer down');
    });
    const answer = await openBatch(me.token, 10, 11_100, headers);
    spy.restore();
    expect([answer.body.code, answer.body.msg]).toEqual([
      503,
      'The card issuer is not available right now; nothing was charged, please try again later',
    ]);
    expect(spy.issued.length).toBeGreaterThan(0);
    expect([...spy.cancelled].sort()).toEqual(spy.issued.map((c) => c.issuerRef).sort());
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
    const failed = await t.api(batchCard, { batchId: headers['idempotency-key'] }, { token: me.token });
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      total: 10,
      failureReason:
        'The card issuer is not available right now; nothing was charged, please try again later',
      cards: [],
    });
    const zh = await t.api(
      batchCard,
      { batchId: headers['idempotency-key'] },
      { token: me.token, lang: 'zh-CN' },
    );
    expect((zh.body.data as BatchResult).failureReason).toBe('发卡方暂时无法开卡，未扣任何费用，请稍后再试');

    // The failure released the key: the customer's retry runs again and completes the batch.
    const retry = await openBatch(me.token, 10, 11_100, headers);
    expect(retry.body.code).toBe(200);
    expect(retry.body.data).toMatchObject({ status: 'done', issued: 10, failureReason: null });
    expect(await cardsOf(t, me.accountId)).toHaveLength(10);
    const [row] = await t.ctx.database.db
      .select()
      .from(cardBatches)
      .where(eq(cardBatches.id, headers['idempotency-key']));
    expect(row?.status).toBe('done');
  });

  it('a wallet emptied while the cards were issued: the transaction refuses, cards are cancelled, batch failed', async () => {
    const me = await funded(t, { usd: 10_000 });
    const headers = idempotency();
    const spy = spyOnIssuer(t, async (n) => {
      // Another payment (a card load elsewhere) takes most of the wallet meanwhile.
      if (n === 3) await drainWallet(t, me.accountId, 9_000);
    });
    const answer = await openBatch(me.token, 5, 5_550, headers);
    spy.restore();
    expect([answer.body.code, answer.body.msg]).toEqual([422, 'Insufficient USD balance']);
    expect(spy.cancelled).toHaveLength(5);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(1_000);
    const failed = await t.api(batchCard, { batchId: headers['idempotency-key'] }, { token: me.token });
    expect(failed.body.data).toMatchObject({ status: 'failed', failureReason: 'Insufficient USD balance' });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });
});
