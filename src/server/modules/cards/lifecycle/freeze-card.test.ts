import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '@contract/cards';
import { cardFrozen } from '@contract/cards';
import { cards } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { signedInAccount } from '../../../testing/signed-in';
import { eventActions } from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);
afterEach(() => vi.restoreAllMocks());

function act(cardId: string, action: 'freeze' | 'activate') {
  return t.api(cardFrozen, { cardId, action }, { token: me.token });
}

async function statusOf(cardId: string) {
  const [row] = await t.ctx.database.db
    .select({ status: cards.status, frozenBy: cards.frozenBy })
    .from(cards)
    .where(eq(cards.id, cardId));
  return row;
}

describe('POST /api/card/frozen', () => {
  it('freezes an active card and activates it again, tells the issuer each time, and logs both', async () => {
    const setState = vi.spyOn(t.ctx.issuer, 'setCardState');
    const card = await openTestCard(t, me.accountId);
    const frozen = await act(card.id, 'freeze');
    expect(frozen.body.code).toBe(200);
    expect(frozen.body.data as CardView).toMatchObject({ status: 'frozen', frozenBy: 'customer' });
    expect(setState).toHaveBeenLastCalledWith(card.issuerRef, 'frozen');
    const active = await act(card.id, 'activate');
    expect(active.body.data as CardView).toMatchObject({ status: 'active', frozenBy: null });
    expect(setState).toHaveBeenLastCalledWith(card.issuerRef, 'active');
    expect(await eventActions(t, card.id)).toEqual(['open', 'freeze', 'activate']);
  });

  it('refuses illegal moves with clear messages: freeze a frozen card, activate an active one (409)', async () => {
    const card = await openTestCard(t, me.accountId);
    expect((await act(card.id, 'activate')).body).toMatchObject({
      code: 409,
      msg: `Card ${card.serial} is already active`,
    });
    await act(card.id, 'freeze');
    expect((await act(card.id, 'freeze')).body).toMatchObject({
      code: 409,
      msg: `Card ${card.serial} is already frozen`,
    });
    expect(await eventActions(t, card.id)).toEqual(['open', 'freeze']);
  });

  it('a card frozen by the decline-rate rule cannot be activated by the customer (422: customer service)', async () => {
    const card = await openTestCard(t, me.accountId);
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'risk' })
      .where(eq(cards.id, card.id));
    const answer = await act(card.id, 'activate');
    expect(answer.body.code).toBe(422);
    expect(answer.body.msg).toContain('contact customer service');
    expect(await statusOf(card.id)).toEqual({ status: 'frozen', frozenBy: 'risk' });
  });

  it('nothing happens to a deleted card (422)', async () => {
    const card = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, card.id));
    for (const action of ['freeze', 'activate'] as const)
      expect((await act(card.id, action)).body).toMatchObject({
        code: 422,
        msg: `Card ${card.serial} has been deleted`,
      });
    expect(await statusOf(card.id)).toEqual({ status: 'deleted', frozenBy: null });
  });

  it('when the issuer refuses, the card stays as it was', async () => {
    const card = await openTestCard(t, me.accountId);
    vi.spyOn(t.ctx.issuer, 'setCardState').mockRejectedValueOnce(new Error('issuer down'));
    expect((await act(card.id, 'freeze')).body.code).toBe(500);
    expect(await statusOf(card.id)).toEqual({ status: 'active', frozenBy: null });
    expect(await eventActions(t, card.id)).toEqual(['open']);
  });

  it('answers 404 for another account’s card, and 400 for an unknown action', async () => {
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    expect((await act(theirs.id, 'freeze')).body.code).toBe(404);
    const bad = await t.api(
      cardFrozen,
      { cardId: theirs.id, action: 'melt' as 'freeze' },
      { token: me.token },
    );
    expect(bad.body.code).toBe(400);
  });
});
