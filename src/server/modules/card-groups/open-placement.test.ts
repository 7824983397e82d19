/** Opening cards (single and batch) into a group and with tags (the import is in cards/import/import-data.test.ts). */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchResult } from '../../../contract/cards';
import { cardGroupAdd, cardGroupRemove } from '../../../contract/card-groups';
import { tagAdd } from '../../../contract/tags';
import { cardGroupMembers, cardTags } from '../../db/schema';
import { fileTestApp } from '../../testing/file-app';
import {
  cardsOf,
  funded,
  holderInput,
  idempotency,
  quote,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../testing/card-kit';
import { batchOpenCard, newCard } from '../../../contract/cards';

const t = fileTestApp();

async function openingFields(token: string, count: number) {
  const cost = await quote(t, token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count });
  return {
    ...holderInput(),
    segmentId: SUBSCRIPTIONS,
    amount: 1_000,
    debitCurrency: 'USD' as const,
    expectTotal: totalFor(cost, 'USD'),
  };
}

describe('opening cards into a group, with tags', () => {
  it('newCard and batchOpenCard put the new cards in the group with the tags, in the opening’s transaction', async () => {
    const me = await funded(t, { usd: 100_000 });
    const group = (await t.api(cardGroupAdd, { name: 'Ads' }, { token: me.token })).body.data as {
      id: string;
    };
    const vip = (await t.api(tagAdd, { name: 'vip' }, { token: me.token })).body.data as { id: string };
    const ads = (await t.api(tagAdd, { name: 'ads' }, { token: me.token })).body.data as { id: string };
    const one = await t.api(
      newCard,
      { ...(await openingFields(me.token, 1)), gid: group.id, tagIds: [vip.id] },
      { token: me.token, headers: idempotency() },
    );
    expect(one.body.code).toBe(200);
    const batch = await t.api(
      batchOpenCard,
      { ...(await openingFields(me.token, 3)), count: 3, gid: group.id, tagIds: `${vip.id},${ads.id}` },
      { token: me.token, headers: idempotency() },
    );
    expect(batch.body.code).toBe(200);
    const ids = (await cardsOf(t, me.accountId)).map((c) => c.id);
    expect(ids).toHaveLength(4);
    const members = await t.ctx.database.db
      .select()
      .from(cardGroupMembers)
      .where(inArray(cardGroupMembers.cardId, ids));
    expect(members.every((m) => m.groupId === group.id)).toBe(true);
    expect(members).toHaveLength(4);
    const batchIds = (batch.body.data as BatchResult).cards.map((c) => c.id);
    const tagged = await t.ctx.database.db.select().from(cardTags).where(inArray(cardTags.cardId, batchIds));
    expect(tagged).toHaveLength(6);
  });

  it('an unknown, foreign or removed group or tag is refused before the issuer or the wallet hear of it', async () => {
    const me = await funded(t, { usd: 100_000 });
    const before = await walletBalance(t, me.accountId, 'USD');
    const stranger = await funded(t);
    const theirs = (await t.api(cardGroupAdd, { name: 'Theirs' }, { token: stranger.token })).body.data as {
      id: string;
    };
    const gone = (await t.api(cardGroupAdd, { name: 'Gone' }, { token: me.token })).body.data as {
      id: string;
    };
    await t.api(cardGroupRemove, { id: gone.id }, { token: me.token });
    for (const gid of ['nope', theirs.id, gone.id]) {
      const answer = await t.api(
        newCard,
        { ...(await openingFields(me.token, 1)), gid },
        { token: me.token, headers: idempotency() },
      );
      expect([answer.body.code, answer.body.msg]).toEqual([
        400,
        'Unknown card group; please choose one from the list',
      ]);
    }
    const badTag = await t.api(
      newCard,
      { ...(await openingFields(me.token, 1)), tagIds: 'nope' },
      { token: me.token, headers: idempotency() },
    );
    expect(badTag.body.code).toBe(400);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(before);
    expect(
      await t.ctx.database.db
        .select()
        .from(cardGroupMembers)
        .where(eq(cardGroupMembers.accountId, me.accountId)),
    ).toHaveLength(0);
  });
});
