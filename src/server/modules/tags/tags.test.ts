import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as tg from '../../../contract/tags';
import type { TagView } from '../../../contract/tags';
import { cardTags, cards } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { openSession, signedInAccount } from '../../testing/signed-in';

const t = fileTestApp();

async function addTag(me: { token: string }, name: string): Promise<TagView> {
  const answer = await t.api(tg.tagAdd, { name }, { token: me.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as TagView;
}

async function tagsOf(cardId: string): Promise<string[]> {
  const rows = await t.ctx.database.db.select().from(cardTags).where(eq(cardTags.cardId, cardId));
  return rows.map((r) => r.tagId).sort();
}

async function list(me: { token: string }): Promise<TagView[]> {
  return (
    (await t.api(tg.tagPage, { pageNo: 1, pageSize: 100 }, { token: me.token })).body.data as {
      data: TagView[];
    }
  ).data;
}

describe('tags', () => {
  it('a tag name is required and unique per customer, case-insensitively, in both scripts', async () => {
    const me = await signedInAccount(t);
    const empty = await t.api(tg.tagAdd, { name: ' ' }, { token: me.token });
    expect([empty.body.code, empty.body.msg]).toEqual([400, 'Please enter a tag name']);
    const zhEmpty = await t.api(tg.tagAdd, { name: '' }, { token: me.token, lang: 'zh-CN' });
    expect(zhEmpty.body.msg).toBe('请输入标签名称');
    await addTag(me, 'VIP');
    for (const name of ['vip', 'Ｖｉｐ'])
      expect((await t.api(tg.tagAdd, { name }, { token: me.token })).body.code).toBe(409);
    await addTag(me, '重要');
    expect((await t.api(tg.tagAdd, { name: '重要' }, { token: me.token })).body.code).toBe(409);
    const other = await addTag(me, 'later');
    expect((await t.api(tg.tagUpdate, { id: other.id, name: 'vIp' }, { token: me.token })).body.code).toBe(
      409,
    );
    const renamed = await t.api(tg.tagUpdate, { id: other.id, name: 'Later' }, { token: me.token });
    expect((renamed.body.data as TagView).name).toBe('Later');
    expect((await list(me)).map((x) => x.name)).toEqual(['Later', 'VIP', '重要']);
    await addTag(await signedInAccount(t), 'VIP');
  });

  it('a card carries several tags; editCardTag adds and removes on a selection, repeatably; counts follow', async () => {
    const me = await signedInAccount(t);
    const vip = await addTag(me, 'vip');
    const ads = await addTag(me, 'ads');
    const [x, y] = await Promise.all([1, 2].map(() => openTestCard(t, me.accountId)));
    const both = await t.api(
      tg.editCardTag,
      { cardIds: `${x!.id},${y!.id}`, add: `${vip.id},${ads.id}` },
      { token: me.token },
    );
    expect(both.body.data).toEqual({ added: 4, removed: 0 });
    const again = await t.api(tg.editCardTag, { cardIds: x!.id, add: vip.id }, { token: me.token });
    expect(again.body.data).toEqual({ added: 0, removed: 0 });
    expect(await tagsOf(x!.id)).toEqual([vip.id, ads.id].sort());
    const swap = await t.api(tg.editCardTag, { cardIds: y!.id, remove: ads.id }, { token: me.token });
    expect(swap.body.data).toEqual({ added: 0, removed: 1 });
    expect((await list(me)).map((x) => [x.name, x.cardCount])).toEqual([
      ['ads', 1],
      ['vip', 2],
    ]);
    const off = await t.api(tg.removeCardTag, { tagId: vip.id, cardIds: x!.id }, { token: me.token });
    expect(off.body.data).toEqual({ changed: 1 });
    expect(await tagsOf(x!.id)).toEqual([ads.id]);
    const nothing = await t.api(tg.editCardTag, { cardIds: x!.id }, { token: me.token });
    expect(nothing.body.code).toBe(400);
    // Deleted cards are not counted.
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, y!.id));
    expect((await list(me)).find((x) => x.id === vip.id)?.cardCount).toBe(0);
  });

  it('removing a tag takes it off every card and keeps the cards', async () => {
    const me = await signedInAccount(t);
    const vip = await addTag(me, 'vip');
    const x = await openTestCard(t, me.accountId);
    await t.api(tg.editCardTag, { cardIds: x.id, add: vip.id }, { token: me.token });
    expect((await t.api(tg.tagRemove, { id: vip.id }, { token: me.token })).body.data).toEqual({
      untagged: 1,
    });
    expect(await tagsOf(x.id)).toEqual([]);
    expect((await t.ctx.database.db.select().from(cards).where(eq(cards.id, x.id)))[0]?.status).toBe(
      'active',
    );
  });

  it('another customer cannot see, rename, remove or use my tags, nor tag my cards', async () => {
    const me = await signedInAccount(t);
    const vip = await addTag(me, 'vip');
    const mine = await openTestCard(t, me.accountId);
    const thief = await signedInAccount(t);
    const theirs = await addTag(thief, 'x');
    const theirCard = await openTestCard(t, thief.accountId);
    const opts = { token: thief.token };
    expect(await list(thief)).toHaveLength(1);
    expect((await t.api(tg.tagUpdate, { id: vip.id, name: 'y' }, opts)).body.code).toBe(404);
    expect((await t.api(tg.tagRemove, { id: vip.id }, opts)).body.code).toBe(404);
    expect((await t.api(tg.editCardTag, { cardIds: theirCard.id, add: vip.id }, opts)).body.code).toBe(404);
    expect((await t.api(tg.editCardTag, { cardIds: mine.id, add: theirs.id }, opts)).body.code).toBe(404);
    expect((await t.api(tg.removeCardTag, { tagId: theirs.id, cardIds: mine.id }, opts)).body.code).toBe(404);
    expect(await tagsOf(mine.id)).toEqual([]);
    expect((await t.api(tg.tagPage, {}, {})).body.code).toBe(401);
  });

  it('a sub-account user tags only its own cards and removes only tags no one else’s card carries', async () => {
    const me = await signedInAccount(t);
    const subId = `sub-${newId()}`;
    const sub = await openSession(t, me.accountId, subId);
    const vip = await addTag(me, 'vip');
    const subCard = await openTestCard(t, me.accountId, { subAccountId: subId });
    const mainCard = await openTestCard(t, me.accountId);
    expect(
      (await t.api(tg.editCardTag, { cardIds: subCard.id, add: vip.id }, { token: sub.token })).body.code,
    ).toBe(200);
    expect(
      (await t.api(tg.editCardTag, { cardIds: mainCard.id, add: vip.id }, { token: sub.token })).body.code,
    ).toBe(404);
    await t.api(tg.editCardTag, { cardIds: mainCard.id, add: vip.id }, { token: me.token });
    // It sees the tag with its own cards counted only.
    expect((await list(sub)).map((x) => x.cardCount)).toEqual([1]);
    expect((await t.api(tg.tagRemove, { id: vip.id }, { token: sub.token })).body.code).toBe(4030);
    expect(await tagsOf(mainCard.id)).toEqual([vip.id]);
  });
});
