import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '@contract/cards';
import { cardBatchDelete, cardDelete } from '@contract/cards';
import { cardAuthorizations, cards, ledgerEntries } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import type { CardRow } from '../card-access';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { cardBalance, openTestCard } from '../../../testing/cards';
import { signedInAccount } from '../../../testing/signed-in';
import { eventActions, expectLedgerHealthy, idemKey, walletBalance } from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);
afterEach(() => vi.restoreAllMocks());

function remove(cardId: string, key = idemKey()) {
  return t.api(cardDelete, { cardId }, { token: me.token, headers: { 'idempotency-key': key } });
}

function removeAll(cardIds: string[], key = idemKey()) {
  return t.api(
    cardBatchDelete,
    { cardIds: cardIds.join(',') },
    { token: me.token, headers: { 'idempotency-key': key } },
  );
}

async function holdOn(card: CardRow, status: 'pending' | 'completed' = 'pending') {
  const id = newId();
  await t.ctx.database.db.insert(cardAuthorizations).values({
    id,
    issuerAuthId: `test-${id}`,
    cardId: card.id,
    accountId: card.accountId,
    status,
    currency: card.currency,
    amount: 500,
    merchantName: 'Test Shop',
  });
  return id;
}

async function cardRow(cardId: string) {
  const [row] = await t.ctx.database.db.select().from(cards).where(eq(cards.id, cardId));
  return row!;
}

describe('POST /api/card/delete', () => {
  it('returns the balance to the wallet in the same transaction, closes the card at the issuer and logs it', async () => {
    const setState = vi.spyOn(t.ctx.issuer, 'setCardState');
    const card = await openTestCard(t, me.accountId, { balance: 4_200 });
    await holdOn(card, 'completed'); // settled authorizations do not stand in the way
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await remove(card.id);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as { card: CardView; refunded: number; txnNo: string };
    expect(data).toMatchObject({ refunded: 4_200, card: { status: 'deleted', balance: 0 } });
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet + 4_200);
    expect(await cardBalance(t, card.id)).toBe(0);
    const row = await cardRow(card.id);
    expect(row.status).toBe('deleted');
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(setState).toHaveBeenCalledWith(card.issuerRef, 'closed');
    const [flow] = await t.ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, data.txnNo), eq(ledgerEntries.accountId, me.accountId)));
    expect(flow).toMatchObject({
      type: 'card_withdraw',
      amount: 4_200,
      description: `card ${card.serial} deleted`,
    });
    expect(await eventActions(t, card.id)).toEqual(['open', 'delete']);
    await expectLedgerHealthy(t);
  });

  it('deletes an empty card without a movement (txnNo null)', async () => {
    const card = await openTestCard(t, me.accountId);
    const answer = await remove(card.id);
    expect(answer.body).toMatchObject({ code: 200, data: { refunded: 0, txnNo: null } });
  });

  it('is refused with 409 while an authorization is pending, and nothing changes', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 1_000 });
    const auth = await holdOn(card);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await remove(card.id);
    expect(answer.body).toMatchObject({
      code: 409,
      msg: `Card ${card.serial} has pending authorizations; it can be deleted once they settle`,
    });
    expect((await cardRow(card.id)).status).toBe('active');
    expect(await cardBalance(t, card.id)).toBe(1_000);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    // Once it settles the card can go.
    await t.ctx.database.db
      .update(cardAuthorizations)
      .set({ status: 'completed' })
      .where(eq(cardAuthorizations.id, auth));
    expect((await remove(card.id)).body.code).toBe(200);
  });

  it('deletes frozen cards (even frozen by the risk rule) but not a deleted one (422)', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 300 });
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'risk' })
      .where(eq(cards.id, card.id));
    expect((await remove(card.id)).body.code).toBe(200);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    expect((await remove(card.id)).body).toMatchObject({
      code: 422,
      msg: `Card ${card.serial} has been deleted`,
    });
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
  });

  it('a retried key answers the first deletion and refunds once', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 900 });
    const key = idemKey();
    const first = await remove(card.id, key);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const again = await remove(card.id, key);
    expect(again.body).toEqual(first.body);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    expect(await eventActions(t, card.id)).toEqual(['open', 'delete']);
  });

  it('when the issuer refuses to close the card, the money stays on it', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 800 });
    vi.spyOn(t.ctx.issuer, 'setCardState').mockRejectedValueOnce(new Error('issuer down'));
    const wallet = await walletBalance(t, me.accountId, 'USD');
    expect((await remove(card.id)).body.code).toBe(500);
    expect((await cardRow(card.id)).status).toBe('active');
    expect(await cardBalance(t, card.id)).toBe(800);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    await expectLedgerHealthy(t);
  });
});

describe('POST /api/card/batchDelete', () => {
  it('deletes every card and refunds all balances in one movement, one wallet row per card', async () => {
    const a = await openTestCard(t, me.accountId, { balance: 1_000 });
    const b = await openTestCard(t, me.accountId, { balance: 2_000 });
    const c = await openTestCard(t, me.accountId);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const answer = await removeAll([a.id, b.id, c.id]);
    expect(answer.body).toMatchObject({ code: 200, data: { deleted: 3, refunded: 3_000 } });
    const txnNo = (answer.body.data as { txnNo: string }).txnNo;
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet + 3_000);
    const flows = await t.ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, txnNo), eq(ledgerEntries.accountId, me.accountId)));
    expect(flows.map((row) => [row.cardSerial, row.amount]).sort()).toEqual(
      [
        [a.serial, 1_000],
        [b.serial, 2_000],
      ].sort(),
    );
    for (const card of [a, b, c]) {
      expect((await cardRow(card.id)).status).toBe('deleted');
      expect(await eventActions(t, card.id)).toEqual(['open', 'delete']);
    }
    await expectLedgerHealthy(t);
  });

  it('is all or nothing: a pending authorization on one card (409) or one deleted card (422) keeps every card', async () => {
    const a = await openTestCard(t, me.accountId, { balance: 1_000 });
    const b = await openTestCard(t, me.accountId, { balance: 1_000 });
    await holdOn(b);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const pending = await removeAll([a.id, b.id]);
    expect(pending.body.code).toBe(409);
    expect(pending.body.msg).toContain(b.serial);

    const gone = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, gone.id));
    expect((await removeAll([a.id, gone.id])).body.code).toBe(422);

    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    expect((await removeAll([a.id, theirs.id])).body.code).toBe(404);

    expect((await cardRow(a.id)).status).toBe('active');
    expect(await cardBalance(t, a.id)).toBe(1_000);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet);
    await expectLedgerHealthy(t);
  });
});
