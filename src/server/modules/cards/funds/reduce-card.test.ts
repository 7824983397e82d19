import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardView } from '@contract/cards';
import { cardReduce, reduceAmount } from '@contract/cards';
import { cards, ledgerEntries } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { cardBalance, openTestCard } from '../../../testing/cards';
import { signedInAccount } from '../../../testing/signed-in';
import { reduceCard } from './reduce-card';
import { eventActions, expectLedgerHealthy, idemKey, walletBalance } from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);

function withdraw(cardId: string, amount: number, key = idemKey()) {
  return t.api(cardReduce, { cardId, amount }, { token: me.token, headers: { 'idempotency-key': key } });
}

describe('reduceAmount and reduce', () => {
  it('reduceAmount answers the card balance as available, free of charge', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 7_500 });
    const answer = await t.api(reduceAmount, { cardId: card.id }, { token: me.token });
    expect(answer.body).toMatchObject({ code: 200, data: { currency: 'USD', available: 7_500, fee: 0 } });
  });

  it('moves the amount from the card to the USD wallet, with a card_withdraw flow row and a withdraw event', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 7_500 });
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await withdraw(card.id, 2_500);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as { card: CardView; txnNo: string };
    expect(data.card.balance).toBe(5_000);
    expect(await cardBalance(t, card.id)).toBe(5_000);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet + 2_500);
    const [flow] = await t.ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, data.txnNo), eq(ledgerEntries.accountId, me.accountId)));
    expect(flow).toMatchObject({ type: 'card_withdraw', amount: 2_500, cardSerial: card.serial });
    expect(await eventActions(t, card.id)).toEqual(['open', 'withdraw']);
    await expectLedgerHealthy(t);
  });

  it('refuses more than the card balance with 422 and moves nothing; the whole balance is fine', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 1_000 });
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const refused = await withdraw(card.id, 1_001);
    expect(refused.body).toMatchObject({
      code: 422,
      msg: "The amount is more than the card's balance",
      data: { available: 1_000, currency: 'USD' },
    });
    expect(await cardBalance(t, card.id)).toBe(1_000);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect((await withdraw(card.id, 1_000)).body.code).toBe(200);
    expect(await cardBalance(t, card.id)).toBe(0);
    await expectLedgerHealthy(t);
  });

  it('works on frozen cards (also frozen by the risk rule), not on deleted ones', async () => {
    const frozen = await openTestCard(t, me.accountId, { balance: 1_000 });
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'risk' })
      .where(eq(cards.id, frozen.id));
    expect((await withdraw(frozen.id, 400)).body.code).toBe(200);
    expect(await cardBalance(t, frozen.id)).toBe(600);

    const deleted = await openTestCard(t, me.accountId, { balance: 1_000 });
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, deleted.id));
    const refused = await withdraw(deleted.id, 400);
    expect(refused.body).toMatchObject({ code: 422, msg: `Card ${deleted.serial} has been deleted` });
    const amount = await t.api(reduceAmount, { cardId: deleted.id }, { token: me.token });
    expect(amount.body.code).toBe(422);
    expect(await cardBalance(t, deleted.id)).toBe(1_000);
  });

  it('a retried key answers the first withdrawal and moves nothing more', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 3_000 });
    const key = idemKey();
    const first = await withdraw(card.id, 1_000, key);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const again = await withdraw(card.id, 1_000, key);
    expect(again.body).toEqual(first.body);
    expect(await cardBalance(t, card.id)).toBe(2_000);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await eventActions(t, card.id)).toEqual(['open', 'withdraw']);
    await expectLedgerHealthy(t);
  });

  it('even without the stored answer, the ledger key from the Idempotency-Key keeps a retry from moving money', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 3_000 });
    const owner = { accountId: me.accountId, subAccountId: null };
    const options = {
      idempotencyKey: idemKey(),
      actor: { ip: 'test', device: 'test', subAccountId: null },
      lang: 'en' as const,
    };
    const first = await reduceCard(t.ctx, owner, { cardId: card.id, amount: 1_000 }, options);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const again = await reduceCard(t.ctx, owner, { cardId: card.id, amount: 1_000 }, options);
    expect(again.txnNo).toBe(first.txnNo);
    expect(await cardBalance(t, card.id)).toBe(2_000);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await eventActions(t, card.id)).toEqual(['open', 'withdraw']);
  });

  it('answers 404 for another account’s card', async () => {
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId, { balance: 1_000 });
    expect((await withdraw(theirs.id, 100)).body.code).toBe(404);
    expect(await cardBalance(t, theirs.id)).toBe(1_000);
  });
});
