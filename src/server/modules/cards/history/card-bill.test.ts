import { beforeAll, describe, expect, it } from 'vitest';
import { cardReduce, getCardBill } from '@contract/cards';
import { civilDate } from '../../account/account-calendar';
import { loadTestCard, openTestCard } from '../../../testing/cards';
import { fileTestApp } from '../../../testing/file-app';
import type { SignedInAccount } from '../../../testing/signed-in';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import { fundWallet } from '../../../testing/money';
import { idemKey, quoteAndRecharge } from '../../../testing/card-kit';

const t = fileTestApp();
// Not the file's stand-in account: a test signs in again after two idle days.
let me: SignedInAccount;

beforeAll(async () => {
  me = await signedInAccount(t);
  await fundWallet(t, me.accountId, 'USD', 100_000);
});

interface Bill {
  data: { txnNo: string; type: string; amount: number; balance: number; description: string }[];
  total: number;
}

describe('POST /api/card/getCardBill', () => {
  it('lists every movement of the card’s balance newest first with the balance after, filtered by UTC+8 day', async () => {
    const card = await openTestCard(t, me.accountId);
    await loadTestCard(t, card, 3_000);
    const firstDay = civilDate(t.ctx.now());
    t.advance(2 * 86_400_000);
    // Two days idle end a session: sign in again.
    me = { ...me, ...(await openSession(t, me.accountId)) };
    const recharged = await quoteAndRecharge(t, me.token, { cardId: card.id, amount: 2_000 });
    expect(recharged.answer.body.code).toBe(200);
    await t.api(
      cardReduce,
      { cardId: card.id, amount: 500 },
      { token: me.token, headers: { 'idempotency-key': idemKey() } },
    );

    const answer = await t.api(getCardBill, { cardId: card.id }, { token: me.token });
    expect(answer.body.code).toBe(200);
    const bill = answer.body.data as Bill;
    expect(bill.total).toBe(3);
    expect(bill.data.map((row) => [row.type, row.amount, row.balance])).toEqual([
      ['card_withdraw', -500, 4_500],
      ['card_recharge', 2_000, 5_000],
      ['card_recharge', 3_000, 3_000],
    ]);
    expect(bill.data[1]!.txnNo).toBe((recharged.answer.body.data as { txnNo: string }).txnNo);

    const early = await t.api(
      getCardBill,
      { cardId: card.id, startDate: firstDay, endDate: firstDay },
      { token: me.token },
    );
    expect((early.body.data as Bill).data.map((row) => row.amount)).toEqual([3_000]);
    const paged = await t.api(getCardBill, { cardId: card.id, pageNo: 2, pageSize: 2 }, { token: me.token });
    expect(paged.body.data).toMatchObject({ total: 3, pageNo: 2 });
    expect((paged.body.data as Bill).data.map((row) => row.amount)).toEqual([3_000]);
    const reversed = await t.api(
      getCardBill,
      { cardId: card.id, startDate: '2026-03-02', endDate: '2026-03-01' },
      { token: me.token },
    );
    expect(reversed.body.code).toBe(400);
  });

  it('answers 404 for another account’s card', async () => {
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId, { balance: 100 });
    expect((await t.api(getCardBill, { cardId: theirs.id }, { token: me.token })).body.code).toBe(404);
  });
});
