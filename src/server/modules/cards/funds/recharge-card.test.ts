import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardView, CostBreakdown } from '@contract/cards';
import { cardRecharge, rechargeCost } from '@contract/cards';
import { cardEvents, cards, coupons, ledgerAccounts, ledgerEntries } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { cardBalance, openTestCard } from '../../../testing/cards';
import { fundWallet } from '../../../testing/money';
import type { SignedInAccount } from '../../../testing/signed-in';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import { rechargeCard } from './recharge-card';
import {
  eventActions,
  expectLedgerHealthy,
  idemKey,
  quoteAndRecharge,
  walletBalance,
} from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);
let other: SignedInAccount;

beforeAll(async () => {
  other = await signedInAccount(t);
  await fundWallet(t, me.accountId, 'USD', 500_000);
  await fundWallet(t, me.accountId, 'CNY', 1_000_000);
});

async function feeIncome(): Promise<number> {
  // House accounts are sharded: `fee_income:card_recharge:USD#<n>`.
  const rows = await t.ctx.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(like(ledgerAccounts.code, 'fee_income:card_recharge:USD%'));
  return rows.reduce((sum, row) => sum + row.balance, 0);
}

async function setStatus(cardId: string, status: 'frozen' | 'deleted', frozenBy: 'customer' | 'risk' | null) {
  await t.ctx.database.db.update(cards).set({ status, frozenBy }).where(eq(cards.id, cardId));
}

describe('POST /api/card/rechargeCost', () => {
  it('answers the exact breakdown per wallet: load, the segment fee (1% on visa-428837), the CNY total at the FX rate', async () => {
    const card = await openTestCard(t, me.accountId);
    const answer = await t.api(rechargeCost, { cardId: card.id, amount: 10_000 }, { token: me.token });
    expect(answer.body.code).toBe(200);
    const quote = answer.body.data as CostBreakdown;
    expect(quote).toMatchObject({
      cardCurrency: 'USD',
      count: 1,
      amount: 10_000,
      openFee: 0,
      rechargeFee: 100,
      discount: 0,
      subtotal: 10_100,
    });
    expect(quote.totals).toEqual([
      { debitCurrency: 'USD', rateMicros: null, total: 10_100, balance: expect.any(Number), enough: true },
      // 10,100 × 7.25, rounded up to the fen.
      {
        debitCurrency: 'CNY',
        rateMicros: 7_250_000,
        total: 73_225,
        balance: expect.any(Number),
        enough: true,
      },
    ]);
  });

  it('refuses a card of another account with the same 404 as an unknown id', async () => {
    const theirs = await openTestCard(t, other.accountId);
    const answer = await t.api(rechargeCost, { cardId: theirs.id, amount: 1_000 }, { token: me.token });
    expect(answer.body.code).toBe(404);
    const unknown = await t.api(rechargeCost, { cardId: 'nope', amount: 1_000 }, { token: me.token });
    expect(unknown.body).toMatchObject({ code: 404, msg: answer.body.msg });
  });
});

describe('POST /api/card/recharge', () => {
  it('charges the USD wallet exactly the quote, loads the card, books the fee, and logs a recharge event', async () => {
    const card = await openTestCard(t, me.accountId);
    const walletBefore = await walletBalance(t, me.accountId, 'USD');
    const feesBefore = await feeIncome();
    const { quote, answer } = await quoteAndRecharge(t, me.token, { cardId: card.id, amount: 10_000 });
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as { card: CardView; txnNo: string };
    expect(data.card).toMatchObject({ id: card.id, balance: 10_000, status: 'active', last4: card.last4 });
    expect(data.txnNo).toMatch(/^T\d{20}$/);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(walletBefore - quote.totals[0]!.total);
    expect(await cardBalance(t, card.id)).toBe(10_000);
    expect((await feeIncome()) - feesBefore).toBe(100);
    expect(await eventActions(t, card.id)).toEqual(['open', 'recharge']);
    // The wallet's flow row names the card.
    const flows = await t.ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, data.txnNo), eq(ledgerEntries.accountId, me.accountId)));
    expect(flows.map((row) => [row.type, row.amount, row.cardSerial])).toEqual([
      ['card_recharge', -10_000, card.serial],
      ['fee', -100, card.serial],
    ]);
    await expectLedgerHealthy(t);
  });

  it('can pay a USD card from the CNY wallet at the quoted rate', async () => {
    const card = await openTestCard(t, me.accountId);
    const cnyBefore = await walletBalance(t, me.accountId, 'CNY');
    const usdBefore = await walletBalance(t, me.accountId, 'USD');
    const { answer } = await quoteAndRecharge(t, me.token, {
      cardId: card.id,
      amount: 10_000,
      debitCurrency: 'CNY',
    });
    expect(answer.body.code).toBe(200);
    expect(await walletBalance(t, me.accountId, 'CNY')).toBe(cnyBefore - 73_225);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(usdBefore);
    expect(await cardBalance(t, card.id)).toBe(10_000);
    await expectLedgerHealthy(t);
  });

  it('a retry with the same Idempotency-Key answers the first result and moves nothing; the key with other parameters is 409', async () => {
    const card = await openTestCard(t, me.accountId);
    const key = idemKey();
    const first = await quoteAndRecharge(t, me.token, { cardId: card.id, amount: 2_000 }, key);
    expect(first.answer.body.code).toBe(200);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const again = await t.api(
      cardRecharge,
      { cardId: card.id, amount: 2_000, debitCurrency: 'USD', expectTotal: first.quote.subtotal },
      { token: me.token, headers: { 'idempotency-key': key } },
    );
    expect(again.body).toEqual(first.answer.body);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await cardBalance(t, card.id)).toBe(2_000);
    expect(await eventActions(t, card.id)).toEqual(['open', 'recharge']);

    const reused = await t.api(
      cardRecharge,
      { cardId: card.id, amount: 3_000, debitCurrency: 'USD', expectTotal: 3_030 },
      { token: me.token, headers: { 'idempotency-key': key } },
    );
    expect(reused.body.code).toBe(409);
    expect(await cardBalance(t, card.id)).toBe(2_000);
    await expectLedgerHealthy(t);
  });

  it('even without the stored answer, the ledger key from the Idempotency-Key keeps a retry from moving money', async () => {
    const card = await openTestCard(t, me.accountId);
    const owner = { accountId: me.accountId, subAccountId: null };
    const input = { cardId: card.id, amount: 1_000, debitCurrency: 'USD' as const, expectTotal: 1_010 };
    const options = {
      idempotencyKey: idemKey(),
      actor: { ip: 'test', device: 'test', subAccountId: null },
      lang: 'en' as const,
    };
    const first = await rechargeCard(t.ctx, owner, input, options);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    // The handler itself again, as if the stored answer had been lost.
    const again = await rechargeCard(t.ctx, owner, input, options);
    expect(again.txnNo).toBe(first.txnNo);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await cardBalance(t, card.id)).toBe(1_000);
    expect(await eventActions(t, card.id)).toEqual(['open', 'recharge']);
    await expectLedgerHealthy(t);
  });

  it('refuses with 409 when the total shown is not the price any more, and moves nothing', async () => {
    const card = await openTestCard(t, me.accountId);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await t.api(
      cardRecharge,
      { cardId: card.id, amount: 10_000, debitCurrency: 'USD', expectTotal: 10_000 },
      { token: me.token, headers: { 'idempotency-key': idemKey() } },
    );
    expect(answer.body).toMatchObject({
      code: 409,
      msg: 'The price has changed; please check the new cost and confirm again',
    });
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await cardBalance(t, card.id)).toBe(0);
  });

  it('sends loads above 1000 USD to customer service (422); exactly 1000 USD is fine', async () => {
    const card = await openTestCard(t, me.accountId);
    const cost = await t.api(rechargeCost, { cardId: card.id, amount: 100_001 }, { token: me.token });
    expect(cost.body).toMatchObject({
      code: 422,
      msg: 'Loads above 1000 USD go through customer service; please contact us',
    });
    const refused = await t.api(
      cardRecharge,
      { cardId: card.id, amount: 100_001, debitCurrency: 'USD', expectTotal: 101_001 },
      { token: me.token, headers: { 'idempotency-key': idemKey() } },
    );
    expect(refused.body.code).toBe(422);
    expect(await cardBalance(t, card.id)).toBe(0);
    const { answer } = await quoteAndRecharge(t, me.token, { cardId: card.id, amount: 100_000 });
    expect(answer.body.code).toBe(200);
    expect(await cardBalance(t, card.id)).toBe(100_000);
  });

  it('loads active cards only: frozen and deleted cards are refused with 422 and a clear message', async () => {
    const frozen = await openTestCard(t, me.accountId);
    await setStatus(frozen.id, 'frozen', 'customer');
    const cost = await t.api(rechargeCost, { cardId: frozen.id, amount: 1_000 }, { token: me.token });
    expect(cost.body).toMatchObject({
      code: 422,
      msg: `Card ${frozen.serial} is frozen; activate it before loading money`,
    });
    const refused = await t.api(
      cardRecharge,
      { cardId: frozen.id, amount: 1_000, debitCurrency: 'USD', expectTotal: 1_010 },
      { token: me.token, headers: { 'idempotency-key': idemKey() } },
    );
    expect(refused.body.code).toBe(422);

    const deleted = await openTestCard(t, me.accountId);
    await setStatus(deleted.id, 'deleted', null);
    const gone = await t.api(
      cardRecharge,
      { cardId: deleted.id, amount: 1_000, debitCurrency: 'USD', expectTotal: 1_010 },
      { token: me.token, headers: { 'idempotency-key': idemKey() } },
    );
    expect(gone.body).toMatchObject({ code: 422, msg: `Card ${deleted.serial} has been deleted` });
    expect(await cardBalance(t, frozen.id)).toBe(0);
    expect(await cardBalance(t, deleted.id)).toBe(0);
  });

  it('refuses a load the wallet cannot pay (422) and changes nothing', async () => {
    const poor = await signedInAccount(t);
    await fundWallet(t, poor.accountId, 'USD', 5_000);
    const card = await openTestCard(t, poor.accountId);
    const { answer } = await quoteAndRecharge(t, poor.token, { cardId: card.id, amount: 5_000 });
    expect(answer.body).toMatchObject({ code: 422, msg: 'Insufficient USD balance' });
    expect(await walletBalance(t, poor.accountId, 'USD')).toBe(5_000);
    expect(await cardBalance(t, card.id)).toBe(0);
    expect(await eventActions(t, card.id)).toEqual(['open']);
    await expectLedgerHealthy(t);
  });

  it('takes a recharge-fee coupon off the fee and spends one use; an opening coupon is refused', async () => {
    const card = await openTestCard(t, me.accountId);
    const couponId = newId();
    await t.ctx.database.db.insert(coupons).values([
      {
        id: couponId,
        accountId: me.accountId,
        number: `CP${newId()}`,
        type: 'recharge_fee',
        discountBp: 5_000,
        availableTimes: 2,
        expiresAt: new Date(t.ctx.now().getTime() + 86_400_000),
      },
    ]);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const { quote, answer } = await quoteAndRecharge(t, me.token, {
      cardId: card.id,
      amount: 10_000,
      couponId,
    });
    expect(quote).toMatchObject({ rechargeFee: 100, discount: 50, subtotal: 10_050, couponId });
    expect(answer.body.code).toBe(200);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet - 10_050);
    const [left] = await t.ctx.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(left?.availableTimes).toBe(1);

    const openingCoupon = newId();
    await t.ctx.database.db.insert(coupons).values([
      {
        id: openingCoupon,
        accountId: me.accountId,
        number: `CP${newId()}`,
        type: 'open_fee',
        discountBp: 10_000,
        availableTimes: 1,
        expiresAt: new Date(t.ctx.now().getTime() + 86_400_000),
      },
    ]);
    const refused = await t.api(
      rechargeCost,
      { cardId: card.id, amount: 1_000, couponId: openingCoupon },
      { token: me.token },
    );
    expect(refused.body).toMatchObject({ code: 422, msg: 'This coupon can only be used when opening cards' });
    await expectLedgerHealthy(t);
  });

  it('a sub-account user reaches only the cards they opened', async () => {
    const sub = await openSession(t, me.accountId, 'sub-1');
    const mainCard = await openTestCard(t, me.accountId);
    const subCard = await openTestCard(t, me.accountId, { subAccountId: 'sub-1' });
    const own = await quoteAndRecharge(t, sub.token, { cardId: subCard.id, amount: 1_000 });
    expect(own.answer.body.code).toBe(200);
    const cost = await t.api(rechargeCost, { cardId: mainCard.id, amount: 1_000 }, { token: sub.token });
    expect(cost.body.code).toBe(404);
    // The event names the sub-account as the actor.
    const events = await t.ctx.database.db
      .select({ action: cardEvents.action, actor: cardEvents.actor })
      .from(cardEvents)
      .where(eq(cardEvents.cardId, subCard.id))
      .orderBy(cardEvents.id);
    expect(events).toEqual([
      { action: 'open', actor: 'sub:sub-1' },
      { action: 'recharge', actor: 'sub:sub-1' },
    ]);
  });
});
