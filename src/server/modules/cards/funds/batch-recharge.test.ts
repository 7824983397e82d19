import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardView, CostBreakdown } from '@contract/cards';
import { batchRecharge, batchRechargeCost } from '@contract/cards';
import { cards, ledgerTransactions } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { cardBalance, openTestCard } from '../../../testing/cards';
import { fundWallet } from '../../../testing/money';
import { signedInAccount } from '../../../testing/signed-in';
import { eventActions, expectLedgerHealthy, idemKey, walletBalance } from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);

beforeAll(async () => {
  await fundWallet(t, me.accountId, 'USD', 200_000);
});

async function quote(cardIds: string[], amount: number): Promise<CostBreakdown> {
  const answer = await t.api(batchRechargeCost, { cardIds: cardIds.join(','), amount }, { token: me.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as CostBreakdown;
}

function send(cardIds: string[], amount: number, expectTotal: number, key = idemKey()) {
  return t.api(
    batchRecharge,
    { cardIds: cardIds.join(','), amount, debitCurrency: 'USD', expectTotal },
    { token: me.token, headers: { 'idempotency-key': key } },
  );
}

async function balances(ids: string[]): Promise<number[]> {
  return Promise.all(ids.map((id) => cardBalance(t, id)));
}

describe('batchRechargeCost and batchRecharge', () => {
  it('prices each card by its own segment and loads them all in one movement', async () => {
    const visa = await openTestCard(t, me.accountId);
    const visa2 = await openTestCard(t, me.accountId);
    const mastercard = await openTestCard(t, me.accountId, { segmentId: 'mc-531993' });
    const ids = [visa.id, visa2.id, mastercard.id];
    const cost = await quote(ids, 1_000);
    // visa-428837 takes 1% (10 each), mc-531993 1.2% (12).
    expect(cost).toMatchObject({ count: 3, amount: 3_000, rechargeFee: 32, openFee: 0, subtotal: 3_032 });
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await send(ids, 1_000, 3_032);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as { cards: CardView[]; txnNo: string };
    expect(data.cards.map((card) => [card.id, card.balance])).toEqual(ids.map((id) => [id, 1_000]));
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet - 3_032);
    expect(await balances(ids)).toEqual([1_000, 1_000, 1_000]);
    const movements = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, data.txnNo));
    expect(movements).toHaveLength(1);
    for (const id of ids) expect(await eventActions(t, id)).toEqual(['open', 'recharge']);
    await expectLedgerHealthy(t);
  });

  it('is all or nothing: one frozen card refuses the whole batch (422 naming it) and nothing moves', async () => {
    const good = await openTestCard(t, me.accountId);
    const frozen = await openTestCard(t, me.accountId);
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'customer' })
      .where(eq(cards.id, frozen.id));
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await send([good.id, frozen.id], 1_000, 2_020);
    expect(answer.body).toMatchObject({
      code: 422,
      msg: `Card ${frozen.serial} is frozen; activate it before loading money`,
    });
    expect(await balances([good.id, frozen.id])).toEqual([0, 0]);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await eventActions(t, good.id)).toEqual(['open']);
  });

  it('refuses a batch holding another account’s card with 404, and one the wallet cannot pay with 422', async () => {
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    const mine = await openTestCard(t, me.accountId);
    expect((await send([mine.id, theirs.id], 1_000, 2_020)).body.code).toBe(404);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const tooMuch = await send([mine.id], 100_000, 101_000);
    expect(tooMuch.body.code).toBe(200);
    const broke = await send([mine.id], 100_000, 101_000);
    expect(broke.body.code).toBe(422);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet - 101_000);
    expect(await cardBalance(t, mine.id)).toBe(100_000);
    await expectLedgerHealthy(t);
  });

  it('refuses a changed total (409), a load above 1000 USD per card (422), and replays a retried key', async () => {
    const a = await openTestCard(t, me.accountId);
    const b = await openTestCard(t, me.accountId);
    expect((await send([a.id, b.id], 500, 1_000)).body.code).toBe(409);
    const limit = await t.api(
      batchRechargeCost,
      { cardIds: `${a.id},${b.id}`, amount: 100_001 },
      { token: me.token },
    );
    expect(limit.body.code).toBe(422);
    const key = idemKey();
    const first = await send([a.id, b.id], 500, 1_010, key);
    expect(first.body.code).toBe(200);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const again = await send([a.id, b.id], 500, 1_010, key);
    expect(again.body).toEqual(first.body);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await balances([a.id, b.id])).toEqual([500, 500]);
    await expectLedgerHealthy(t);
  });

  it('refuses an empty list with a message naming the cards field', async () => {
    const answer = await t.api(batchRechargeCost, { cardIds: '', amount: 1_000 }, { token: me.token });
    expect(answer.body.code).toBe(400);
    expect((answer.body.data as { fields: string[] }).fields).toContain('cardIds');
  });
});
