/**
 * Groups under real concurrency: PostgreSQL only (PGlite runs one transaction at a time). Whatever
 * runs side by side, every card ends in exactly one existing group or none, and the counts the
 * group page shows equal the cards.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as g from '../../../contract/card-groups';
import type { CardGroupView } from '../../../contract/card-groups';
import { cardFrozen } from '../../../contract/cards';
import { cardGroupMembers, cardGroups, cards } from '../../db/schema';
import { openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { signedInAccount } from '../../testing/signed-in';

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('card groups on PostgreSQL, concurrently', () => {
  const t = fileTestApp();

  async function addGroup(token: string, name: string): Promise<string> {
    return ((await t.api(g.cardGroupAdd, { name }, { token })).body.data as CardGroupView).id;
  }

  /** Every card of the account: in one group of the account or none; page counts equal the members. */
  async function expectConsistent(accountId: string, token: string, cardCount: number) {
    const db = t.ctx.database.db;
    const all = await db.select({ id: cards.id }).from(cards).where(eq(cards.accountId, accountId));
    expect(all).toHaveLength(cardCount);
    const members = await db.select().from(cardGroupMembers).where(eq(cardGroupMembers.accountId, accountId));
    const groups = await db.select().from(cardGroups).where(eq(cardGroups.accountId, accountId));
    const groupIds = new Set(groups.map((x) => x.id));
    expect(members.every((m) => groupIds.has(m.groupId))).toBe(true);
    expect(new Set(members.map((m) => m.cardId)).size).toBe(members.length);
    const page = (await t.api(g.cardGroupPage, { pageNo: 1, pageSize: 100 }, { token })).body.data as {
      data: CardGroupView[];
    };
    const counted = page.data.reduce((sum, v) => sum + v.cardCount, 0);
    const ungrouped = ((await t.api(g.cardCountNg, {}, { token })).body.data as { count: number }).count;
    expect(counted).toBe(members.length);
    expect(counted + ungrouped).toBe(cardCount);
  }

  it('two merges of overlapping groups: one wins, the other changes nothing; no card is lost or doubled', async () => {
    const me = await signedInAccount(t);
    const cardsIn = await Promise.all(Array.from({ length: 12 }, () => openTestCard(t, me.accountId)));
    for (let round = 0; round < 5; round += 1) {
      const ids = await Promise.all([1, 2, 3, 4].map((n) => addGroup(me.token, `r${round}-g${n}`)));
      for (const [index, card] of cardsIn.entries())
        await t.api(g.editCardGroup, { cardId: card.id, gid: ids[index % 4] }, { token: me.token });
      const [a, b] = await Promise.all([
        t.api(g.cardGroupMerge, { ids: `${ids[1]},${ids[2]}`, targetId: ids[0]! }, { token: me.token }),
        t.api(g.cardGroupMerge, { ids: `${ids[2]},${ids[3]}`, targetId: ids[1]! }, { token: me.token }),
      ]);
      const codes = [a.body.code, b.body.code].sort();
      expect(codes).toEqual([200, 404]);
      await expectConsistent(me.accountId, me.token, cardsIn.length);
      const left = await t.ctx.database.db
        .select()
        .from(cardGroups)
        .where(eq(cardGroups.accountId, me.accountId));
      await t.api(g.cardGroupBatchRemove, { ids: left.map((x) => x.id).join(',') }, { token: me.token });
    }
  });

  it('moves, merges and removals during a batch freeze: every card frozen once, in one group or none', async () => {
    const me = await signedInAccount(t);
    const cardsIn = await Promise.all(Array.from({ length: 20 }, () => openTestCard(t, me.accountId)));
    const [source, other, third] = await Promise.all(['S', 'O', 'T'].map((n) => addGroup(me.token, n)));
    await t.api(
      g.editBatchGroup,
      { cardIds: cardsIn.map((c) => c.id).join(','), gid: source },
      { token: me.token },
    );
    const freezes = cardsIn.map((card) =>
      t.api(cardFrozen, { cardId: card.id, action: 'freeze' }, { token: me.token }),
    );
    const moves = [
      t.api(
        g.editBatchGroup,
        {
          cardIds: cardsIn
            .slice(0, 10)
            .map((c) => c.id)
            .join(','),
          gid: other,
        },
        { token: me.token },
      ),
      t.api(
        g.editBatchGroup,
        {
          cardIds: cardsIn
            .slice(5, 15)
            .map((c) => c.id)
            .join(','),
          gid: third,
        },
        { token: me.token },
      ),
      t.api(g.cardGroupMerge, { ids: third!, targetId: source! }, { token: me.token }),
      t.api(
        g.editBatchGroup,
        {
          cardIds: cardsIn
            .slice(15)
            .map((c) => c.id)
            .join(','),
        },
        { token: me.token },
      ),
    ];
    const answers = await Promise.all([...freezes, ...moves]);
    expect(answers.slice(0, freezes.length).every((x) => x.body.code === 200)).toBe(true);
    // A move into the merged-away group may come second and find it gone (404); nothing else fails.
    expect(answers.slice(freezes.length).every((x) => [200, 404].includes(x.body.code))).toBe(true);
    const rows = await t.ctx.database.db.select().from(cards).where(eq(cards.accountId, me.accountId));
    expect(rows.every((r) => r.status === 'frozen')).toBe(true);
    await expectConsistent(me.accountId, me.token, cardsIn.length);
  });
});
