import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RISK_MIN_AUTHORIZATIONS, RISK_WINDOW_HOURS } from '@contract/card-rules';
import { riskNotice, riskNoticeAck } from '@contract/cards';
import { Code } from '@contract/core';
import { cardEvents, cards, operationLogs, riskEvents } from '../../../db/schema';
import { fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import type { CardRow } from '../../cards/card-access';
import { authorizeOnce, cardRow } from '../../../testing/issuer';

const t = fileTestApp();

/** `approved` approvals, then `declined` authorizations with a wrong CVV (or a frozen card). */
async function spend(card: CardRow, approved: number, declined: number) {
  for (let i = 0; i < approved; i++) {
    const { answer } = await authorizeOnce(t, card, { amount: 1 });
    expect(answer.body.data?.outcome).toBe('approved');
  }
  for (let i = 0; i < declined; i++) {
    const { answer } = await authorizeOnce(t, card, { amount: 1, cvvMatched: false });
    expect(answer.body.data?.approved).toBe(false);
  }
}

async function riskRows(accountId: string) {
  return t.ctx.database.db.select().from(riskEvents).where(eq(riskEvents.accountId, accountId));
}

// The velocity rule allows 10 authorizations a minute per card: the tests spread them over cards
// and move the clock, so only the decline-rate rule is at work.
async function spendSpread(cardsOf: CardRow[], approved: number, declined: number) {
  let left = { approved, declined };
  while (left.approved + left.declined > 0) {
    for (const card of cardsOf) {
      const a = Math.min(left.approved, 5);
      const d = left.approved > a ? 0 : Math.min(left.declined, 5 - a);
      await spend(card, a, d);
      left = { approved: left.approved - a, declined: left.declined - d };
      if (left.approved + left.declined === 0) break;
    }
    t.advance(61_000);
  }
}

describe('the decline-rate rule', () => {
  it('does nothing below the minimum number of authorizations, whatever the rate', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await spendSpread([card], 0, RISK_MIN_AUTHORIZATIONS - 1);
    expect((await cardRow(t, card.id)).status).toBe('active');
    expect(await riskRows(me.accountId)).toHaveLength(0);
  });

  it('does nothing at exactly 5%', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await spendSpread([card], 19, 1);
    expect((await cardRow(t, card.id)).status).toBe('active');
    expect(await riskRows(me.accountId)).toHaveLength(0);
  });

  it('freezes every active card once the rate is above 5% over at least the minimum, once', async () => {
    const me = await signedInAccount(t);
    const a = await openTestCard(t, me.accountId, { balance: 100_000 });
    const b = await openTestCard(t, me.accountId, { balance: 100_000, subAccountId: 'sub-risk' });
    const customerFrozen = await openTestCard(t, me.accountId, { balance: 100 });
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'customer' })
      .where(eq(cards.id, customerFrozen.id));
    const deleted = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, deleted.id));
    const bystander = await signedInAccount(t);
    const theirs = await openTestCard(t, bystander.accountId, { balance: 100 });

    const told: [string, string][] = [];
    const issuer = t.ctx.issuer;
    t.ctx.issuer = {
      ...issuer,
      setCardState: (ref, state) => {
        told.push([ref, state]);
        return Promise.resolve();
      },
    };
    // 18 approved and 1 declined: 19 authorizations, under the minimum.
    await spendSpread([a, b], 18, 1);
    expect((await cardRow(t, a.id)).status).toBe('active');
    // The 20th, a decline: 2 of 20 = 10% > 5%.
    await spend(b, 0, 1);

    for (const card of [a, b])
      expect(await cardRow(t, card.id)).toMatchObject({ status: 'frozen', frozenBy: 'risk' });
    expect(await cardRow(t, customerFrozen.id)).toMatchObject({ status: 'frozen', frozenBy: 'customer' });
    expect((await cardRow(t, deleted.id)).status).toBe('deleted');
    expect((await cardRow(t, theirs.id)).status).toBe('active');
    t.ctx.issuer = issuer;
    // The issuer is told too, so the network declines them as well.
    expect(told.sort()).toEqual(
      [
        [a.issuerRef, 'frozen'],
        [b.issuerRef, 'frozen'],
      ].sort(),
    );

    const events = await t.ctx.database.db
      .select({ cardId: cardEvents.cardId, actor: cardEvents.actor })
      .from(cardEvents)
      .where(and(eq(cardEvents.accountId, me.accountId), eq(cardEvents.action, 'risk_freeze')));
    expect(events.map((e) => e.cardId).sort()).toEqual([a.id, b.id].sort());
    expect(events.every((e) => e.actor === 'risk')).toBe(true);
    const logged = await t.ctx.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.accountId, me.accountId), eq(operationLogs.action, 'risk.freeze')));
    expect(logged).toHaveLength(1);

    const rows = await riskRows(me.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toEqual({
      windowHours: RISK_WINDOW_HOURS,
      authorizations: 20,
      declines: 2,
      declineRateBp: 1_000,
      cardsFrozen: 2,
    });

    // Every card is declined now (frozen), and the rule does not fire again while unacknowledged.
    const declined = await authorizeOnce(t, a, { amount: 1 });
    expect(declined.answer.body.data?.declineReason).toBe('card_frozen');
    await spendSpread([a, b], 0, 25);
    expect(await riskRows(me.accountId)).toHaveLength(1);

    const notice = await t.api(riskNotice, {}, { token: me.token });
    expect(notice.body.data).toEqual({
      id: rows[0]?.id,
      declineRateBp: 1_000,
      authorizations: 20,
      declines: 2,
      cardsFrozen: 2,
      windowHours: RISK_WINDOW_HOURS,
      createdAt: rows[0]?.createdAt.toISOString(),
    });
  });

  it('tells the owner until they acknowledge it; others cannot acknowledge it', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    expect((await t.api(riskNotice, {}, { token: me.token })).body.data).toBeNull();
    await spendSpread([card], 15, 5);
    const notice = (await t.api(riskNotice, {}, { token: me.token })).body.data as { id: string };
    expect(notice.id).toEqual(expect.any(String));

    const sub = await openSession(t, me.accountId, 'sub-ack');
    expect((await t.api(riskNotice, {}, { token: sub.token })).body.data).toMatchObject({ id: notice.id });
    expect((await t.api(riskNoticeAck, { id: notice.id }, { token: sub.token })).body.code).toBe(
      Code.noPermission,
    );
    const stranger = await signedInAccount(t);
    expect((await t.api(riskNoticeAck, { id: notice.id }, { token: stranger.token })).body.code).toBe(404);
    expect((await t.api(riskNotice, {}, { token: me.token })).body.data).not.toBeNull();

    const session = await openSession(t, me.accountId);
    expect((await t.api(riskNoticeAck, { id: notice.id }, { token: session.token })).body.code).toBe(200);
    expect((await t.api(riskNoticeAck, { id: notice.id }, { token: session.token })).body.code).toBe(200);
    expect((await t.api(riskNotice, {}, { token: session.token })).body.data).toBeNull();
  });

  it('counts afresh after an acknowledged freeze', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await spendSpread([card], 15, 5);
    const [first] = await riskRows(me.accountId);
    await t.ctx.database.db
      .update(riskEvents)
      .set({ acknowledgedAt: t.ctx.now() })
      .where(eq(riskEvents.id, first!.id));
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'active', frozenBy: null })
      .where(eq(cards.id, card.id));
    t.advance(1_000);
    // The old declines are still in the 24 hours, but they caused the first freeze.
    await spendSpread([card], 5, 0);
    expect((await cardRow(t, card.id)).status).toBe('active');
    await spendSpread([card], 10, 5);
    expect((await cardRow(t, card.id)).status).toBe('frozen');
    expect(await riskRows(me.accountId)).toHaveLength(2);
  });
});
