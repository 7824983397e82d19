import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardView } from '@contract/cards';
import { newCard } from '@contract/cards';
import { groupOpenAmount } from '@contract/segments';
import {
  cardEvents,
  cardSegments,
  cards,
  coupons,
  idempotencyKeys,
  ledgerEntries,
  ledgerTransactions,
} from '../../../db/schema';
import { auditLedger, isHealthy } from '../../ledger';
import { fileTestApp } from '../../../testing/file-app';
import { cardBalance } from '../../../testing/cards';
import { openSession } from '../../../testing/signed-in';
import { openCardSecrets } from './store-card';
import {
  addCoupon,
  cardsOf,
  funded,
  holderInput,
  idempotency,
  MAINTENANCE,
  openCard,
  quote,
  spyOnIssuer,
  SUBSCRIPTIONS,
  totalFor,
  usePlan,
  walletBalance,
} from '../../../testing/card-kit';
import type { OpeningInput } from '../../../testing/card-kit';

const t = fileTestApp();

type NewCardAnswer = { card: CardView; txnNo: string };

/** An opening labelled `ads`: SUBSCRIPTIONS, 10.00 from the USD wallet unless `input` says otherwise. */
function openOne(token: string, input: OpeningInput, headers?: Record<string, string>) {
  return openCard(t, token, { label: 'ads', ...input }, headers);
}

describe('POST /api/card/newCard', () => {
  it('charges exactly the quoted total in one movement that loads the card', async () => {
    const me = await funded(t, { usd: 10_000 });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    const answer = await openOne(me.token, { expectTotal: totalFor(cost, 'USD') });
    expect(answer.body.code).toBe(200);
    const { card, txnNo } = answer.body.data as NewCardAnswer;
    expect(card).toMatchObject({
      segmentId: SUBSCRIPTIONS,
      bin: '428837',
      currency: 'USD',
      balance: 1_000,
      status: 'active',
      label: 'ads',
      holderName: 'Ada Lovelace',
    });
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(txnNo).toMatch(/^T\d{20}$/);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000 - 1_110);
    expect(await cardBalance(t, card.id)).toBe(1_000);

    const entries = await t.ctx.database.db
      .select({
        ledgerAccountId: ledgerEntries.ledgerAccountId,
        accountId: ledgerEntries.accountId,
        amount: ledgerEntries.amount,
        type: ledgerEntries.type,
        description: ledgerEntries.description,
        cardSerial: ledgerEntries.cardSerial,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, txnNo))
      .orderBy(ledgerEntries.id);
    // The customer's breakdown: the load and the fee, named by the segment and the card's serial.
    const walletRows = entries.filter((e) => e.accountId === me.accountId);
    expect(walletRows.map((e) => [e.type, e.amount, e.description, e.cardSerial])).toEqual([
      ['card_open', -1_000, SUBSCRIPTIONS, card.serial],
      ['fee', -110, SUBSCRIPTIONS, card.serial],
    ]);
    expect(entries.find((e) => e.ledgerAccountId === `card:${card.id}`)?.amount).toBe(1_000);
    expect(entries.filter((e) => e.type.endsWith('_fee')).map((e) => e.amount)).toEqual([100, 10]);
    const [txn] = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, txnNo));
    expect(txn).toMatchObject({ kind: 'card_open', accountId: me.accountId });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a CNY wallet pays the quoted CNY total for a USD card', async () => {
    const me = await funded(t, { cny: 100_000 });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    const answer = await openOne(me.token, { expectTotal: totalFor(cost, 'CNY'), debitCurrency: 'CNY' });
    expect(answer.body.code).toBe(200);
    expect(await walletBalance(t, me.accountId, 'CNY')).toBe(100_000 - 8_048);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('409 when the segment price changed between quote and opening; nothing is opened or charged', async () => {
    const me = await funded(t, { usd: 10_000 });
    const segmentId = 'mc-531993';
    const cost = await quote(t, me.token, { segmentId, amount: 2_000 });
    const db = t.ctx.database.db;
    await db.update(cardSegments).set({ openFee: 150 }).where(eq(cardSegments.id, segmentId));
    try {
      const spy = spyOnIssuer(t);
      const answer = await openOne(me.token, {
        segmentId,
        amount: 2_000,
        expectTotal: totalFor(cost, 'USD'),
      });
      spy.restore();
      expect(answer.body).toMatchObject({
        code: 409,
        msg: 'The price has changed; please check the new cost and confirm again',
      });
      expect(spy.calls()).toBe(0);
      expect(await cardsOf(t, me.accountId)).toHaveLength(0);
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000);
    } finally {
      await db.update(cardSegments).set({ openFee: 200 }).where(eq(cardSegments.id, segmentId));
    }
  });

  it('409 when the price changes while the card is being issued; the issued card is cancelled', async () => {
    const me = await funded(t, { usd: 10_000 });
    const segmentId = 'mc-531993';
    const cost = await quote(t, me.token, { segmentId, amount: 2_000 });
    const db = t.ctx.database.db;
    const spy = spyOnIssuer(t, async () => {
      await db.update(cardSegments).set({ rechargeFeeBp: 110 }).where(eq(cardSegments.id, segmentId));
    });
    try {
      const answer = await openOne(me.token, {
        segmentId,
        amount: 2_000,
        expectTotal: totalFor(cost, 'USD'),
      });
      expect(answer.body.code).toBe(409);
      expect(spy.cancelled).toEqual(spy.issued.map((card) => card.issuerRef));
      expect(spy.cancelled).toHaveLength(1);
      expect(await cardsOf(t, me.accountId)).toHaveLength(0);
      expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000);
    } finally {
      spy.restore();
      await db.update(cardSegments).set({ rechargeFeeBp: 120 }).where(eq(cardSegments.id, segmentId));
    }
  });

  it('409 when another request spent the coupon meanwhile; the coupon keeps what the other left', async () => {
    const me = await funded(t, { usd: 10_000 });
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 1,
    });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, couponId });
    expect(cost.discount).toBe(100);
    const db = t.ctx.database.db;
    // The other request: it spends the last use while this one waits for the issuer.
    const spy = spyOnIssuer(t, async () => {
      await db.update(coupons).set({ availableTimes: 0 }).where(eq(coupons.id, couponId));
    });
    const answer = await openOne(me.token, { couponId, expectTotal: totalFor(cost, 'USD') });
    spy.restore();
    expect(answer.body).toMatchObject({ code: 409 });
    expect(spy.cancelled).toHaveLength(1);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(coupon?.availableTimes).toBe(0);
  });

  it('spends the coupon it priced with', async () => {
    const me = await funded(t, { usd: 10_000 });
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 3,
    });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, couponId });
    const answer = await openOne(me.token, { couponId, expectTotal: totalFor(cost, 'USD') });
    expect(answer.body.code).toBe(200);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000 - 1_010);
    const [coupon] = await t.ctx.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(coupon?.availableTimes).toBe(2);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a retry with the same Idempotency-Key opens one card, even when the first answer was lost', async () => {
    const me = await funded(t, { usd: 10_000 });
    const headers = idempotency();
    const first = await openOne(me.token, { expectTotal: 1_110 }, headers);
    const again = await openOne(me.token, { expectTotal: 1_110 }, headers);
    expect(again.body).toEqual(first.body);
    // The stored answer is gone (a process died before storing it): the ledger key still holds.
    await t.ctx.database.db
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.accountId, me.accountId), eq(idempotencyKeys.key, headers['idempotency-key'])),
      );
    const spy = spyOnIssuer(t);
    const third = await openOne(me.token, { expectTotal: 1_110 }, headers);
    spy.restore();
    expect(third.body.code).toBe(200);
    expect((third.body.data as NewCardAnswer).card.id).toBe((first.body.data as NewCardAnswer).card.id);
    expect(spy.calls()).toBe(0);
    expect(await cardsOf(t, me.accountId)).toHaveLength(1);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(10_000 - 1_110);
  });

  it('409 when the expected total is not the price', async () => {
    const me = await funded(t, { usd: 10_000 });
    const answer = await openOne(me.token, { expectTotal: 1_000 });
    expect(answer.body.code).toBe(409);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
  });

  it('refuses a segment in maintenance, with the reason, before asking the issuer', async () => {
    const me = await funded(t, { usd: 10_000 });
    const spy = spyOnIssuer(t);
    const answer = await openOne(me.token, { segmentId: MAINTENANCE, amount: 2_000, expectTotal: 2_220 });
    spy.restore();
    expect(answer.body).toMatchObject({
      code: 422,
      msg: 'This card segment is under maintenance and cannot open cards now; please choose another segment',
    });
    const zh = await t.api(
      newCard,
      { ...holderInput(), segmentId: MAINTENANCE, amount: 2_000, debitCurrency: 'USD', expectTotal: 2_220 },
      { token: me.token, headers: idempotency(), lang: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('该卡段正在维护，暂不能开卡，请选择其他卡段');
    expect(spy.calls()).toBe(0);
  });

  it('refuses each broken rule with its message', async () => {
    const me = await funded(t, { usd: 200_000 });
    const other = await funded(t);
    const foreignCoupon = await addCoupon(t, other.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 1,
    });
    const usedUp = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 0,
    });
    const msg = async (input: Parameters<typeof openOne>[1]) => {
      const answer = await openOne(me.token, input);
      return [answer.body.code, answer.body.msg];
    };
    expect(await msg({ segmentId: 'unknown', expectTotal: 1 })).toEqual([
      422,
      'This card segment does not exist; please choose one from the list',
    ]);
    expect(await msg({ amount: 400, expectTotal: 1 })).toEqual([
      422,
      'The first load of each card must be at least $5.00',
    ]);
    expect(await msg({ amount: 100_001, expectTotal: 1 })).toEqual([
      422,
      'Loads above 1000 USD go through customer service; please contact us',
    ]);
    expect(await msg({ couponId: foreignCoupon, expectTotal: 1_010 })).toEqual([404, 'Coupon not found']);
    expect(await msg({ couponId: usedUp, expectTotal: 1_010 })).toEqual([422, 'The coupon has no uses left']);
    const postcode = await t.api(
      newCard,
      {
        ...holderInput({ postcode: 'ABCDE' }),
        segmentId: SUBSCRIPTIONS,
        amount: 1_000,
        debitCurrency: 'USD',
        expectTotal: 1_110,
      },
      { token: me.token, headers: idempotency() },
    );
    expect([postcode.body.code, postcode.body.msg]).toEqual([400, 'Incorrect zip code format']);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
  });

  it('refuses when the wallet cannot pay, without asking the issuer', async () => {
    const me = await funded(t, { usd: 1_000 });
    const spy = spyOnIssuer(t);
    const answer = await openOne(me.token, { expectTotal: 1_110 });
    spy.restore();
    expect([answer.body.code, answer.body.msg]).toEqual([422, 'Insufficient USD balance']);
    expect(spy.calls()).toBe(0);
  });

  it('the plan’s monthly allowance: cards left shrink, and an opening beyond it is refused', async () => {
    const me = await funded(t, { usd: 10_000 });
    await usePlan(t, me.accountId, { monthlyCardLimit: 2 });
    const left = async () => {
      const answer = await t.api(groupOpenAmount, { segmentId: SUBSCRIPTIONS }, { token: me.token });
      if (answer.body.code !== 200) throw new Error(JSON.stringify(answer.body));
      return (answer.body.data as { monthlyCardsLeft: number }).monthlyCardsLeft;
    };
    expect(await left()).toBe(2);
    expect((await openOne(me.token, { expectTotal: 1_110 })).body.code).toBe(200);
    expect((await openOne(me.token, { expectTotal: 1_110 })).body.code).toBe(200);
    expect(await left()).toBe(0);
    const refused = await openOne(me.token, { expectTotal: 1_110 });
    expect([refused.body.code, refused.body.msg]).toEqual([
      422,
      'Your plan allows 2 new cards a month and 0 are left this month; contact customer service for a larger plan',
    ]);
    expect(refused.body.data).toEqual({ limit: 2, left: 0 });
    expect(await cardsOf(t, me.accountId)).toHaveLength(2);
    // A new calendar month (UTC+8) gives the allowance back.
    t.advance(32 * 24 * 3600 * 1000);
    me.token = (await openSession(t, me.accountId)).token; // the old session idled out meanwhile
    expect(await left()).toBe(2);
  });

  it('the answer and the card’s opening event carry the last four digits only', async () => {
    const me = await funded(t, { usd: 10_000 });
    const answer = await openOne(me.token, { expectTotal: 1_110 });
    const { card } = answer.body.data as NewCardAnswer;
    const [row] = await t.ctx.database.db.select().from(cards).where(eq(cards.id, card.id));
    const secrets = openCardSecrets(t.ctx, row!.secrets);
    expect(card.last4).toBe(secrets.pan.slice(-4));
    expect(JSON.stringify(answer.body)).not.toContain(secrets.pan);
    const events = await t.ctx.database.db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id));
    expect(events.map((e) => [e.action, e.actor])).toEqual([['open', 'main']]);
    expect(JSON.stringify(events)).not.toContain(secrets.pan);
  });
});
