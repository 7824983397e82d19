import { stepUpTicketFor } from '../../testing/step-up';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as g from '../../../contract/card-groups';
import type { CardGroupView } from '../../../contract/card-groups';
import { cardPage } from '../../../contract/cards';
import { authTransPage } from '../../../contract/records';
import { tagAdd } from '../../../contract/tags';
import { cardAuthorizations, cardGroupLogs, cardGroupMembers, cardOtps, cards } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { openSession, signedInAccount } from '../../testing/signed-in';
import type { CardRow } from '../cards/card-access';
import { editCardTag } from '../../../contract/tags';

const t = fileTestApp();

async function addGroup(me: { token: string }, name: string): Promise<CardGroupView> {
  const answer = await t.api(g.cardGroupAdd, { name }, { token: me.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as CardGroupView;
}

async function move(me: { token: string }, cardIds: string[], gid?: string) {
  return t.api(g.editBatchGroup, { cardIds: cardIds.join(','), gid }, { token: me.token });
}

async function page(me: { token: string }): Promise<CardGroupView[]> {
  const answer = await t.api(g.cardGroupPage, { pageNo: 1, pageSize: 100 }, { token: me.token });
  return (answer.body.data as { data: CardGroupView[] }).data;
}

async function groupOfCard(cardId: string): Promise<string | null> {
  const [row] = await t.ctx.database.db
    .select({ groupId: cardGroupMembers.groupId })
    .from(cardGroupMembers)
    .where(eq(cardGroupMembers.cardId, cardId));
  return row?.groupId ?? null;
}

async function authorize(
  card: CardRow,
  status: 'completed' | 'declined' | 'pending',
  amount: number,
  extra = {},
) {
  const id = newId();
  await t.ctx.database.db.insert(cardAuthorizations).values({
    id,
    issuerAuthId: `test-${id}`,
    cardId: card.id,
    accountId: card.accountId,
    subAccountId: card.subAccountId,
    status,
    currency: 'USD',
    amount,
    merchantName: 'Meta Ads',
    createdAt: t.ctx.now(),
    ...extra,
  });
}

async function cardIdsOfPage(me: { token: string }, filter: Record<string, string>) {
  const answer = await t.api(cardPage, { pageNo: 1, pageSize: 100, ...filter }, { token: me.token });
  return ((answer.body.data as { data: { id: string }[] }).data ?? []).map((c) => c.id).sort();
}

describe('card groups', () => {
  it('names are unique per customer, case-insensitively and across full-width forms; another customer may reuse them', async () => {
    const me = await signedInAccount(t);
    await addGroup(me, 'Facebook Ads');
    for (const name of ['facebook ads', 'FACEBOOK  ADS', 'Ｆａｃｅｂｏｏｋ Ａｄｓ']) {
      const answer = await t.api(g.cardGroupAdd, { name }, { token: me.token });
      expect([answer.body.code, answer.body.msg]).toEqual([
        409,
        'A card group with this name already exists',
      ]);
    }
    const zh = await t.api(g.cardGroupAdd, { name: '广告' }, { token: me.token, lang: 'zh-CN' });
    expect(zh.body.code).toBe(200);
    const again = await t.api(g.cardGroupAdd, { name: '广告' }, { token: me.token, lang: 'zh-CN' });
    expect([again.body.code, again.body.msg]).toEqual([409, '已存在同名的卡片分组']);
    const empty = await t.api(g.cardGroupAdd, { name: '  ' }, { token: me.token });
    expect(empty.body.code).toBe(400);
    expect(await page(me)).toHaveLength(2);
    // Renaming onto a taken name is refused too; renaming to another case of its own name is not.
    const other = await addGroup(me, 'Shops');
    const clash = await t.api(g.cardGroupUpdate, { id: other.id, name: 'FACEBOOK ads' }, { token: me.token });
    expect(clash.body.code).toBe(409);
    const recase = await t.api(g.cardGroupUpdate, { id: other.id, name: 'SHOPS' }, { token: me.token });
    expect((recase.body.data as CardGroupView).name).toBe('SHOPS');
    const stranger = await signedInAccount(t);
    await addGroup(stranger, 'Facebook Ads');
  });

  it('a card is in at most one group; moving it moves it; counts, balance and month spend follow', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const b = await addGroup(me, 'B');
    const c1 = await openTestCard(t, me.accountId, { balance: 1_000 });
    const c2 = await openTestCard(t, me.accountId, { balance: 2_500 });
    const c3 = await openTestCard(t, me.accountId);
    expect((await move(me, [c1.id, c2.id], a.id)).body.data).toEqual({ moved: 2 });
    expect((await t.api(g.editCardGroup, { cardId: c1.id, gid: b.id }, { token: me.token })).body.code).toBe(
      200,
    );
    expect(await groupOfCard(c1.id)).toBe(b.id);
    expect(await groupOfCard(c2.id)).toBe(a.id);
    await authorize(c2, 'completed', 700);
    await authorize(c2, 'declined', 50);
    const views = await page(me);
    const byName = new Map(views.map((v) => [v.name, v]));
    expect([byName.get('A')?.cardCount, byName.get('A')?.balance, byName.get('A')?.monthSpend]).toEqual([
      1, 2_500, 700,
    ]);
    expect([byName.get('B')?.cardCount, byName.get('B')?.balance]).toEqual([1, 1_000]);
    expect((await t.api(g.cardCountNg, {}, { token: me.token })).body.data).toEqual({ count: 1 });
    const counts = await t.api(g.cardGroupCardCount, { ids: `${a.id},${b.id}` }, { token: me.token });
    expect(counts.body.data).toEqual([
      { id: a.id, count: 1 },
      { id: b.id, count: 1 },
    ]);
    // Out of any group.
    await move(me, [c1.id]);
    expect(await groupOfCard(c1.id)).toBeNull();
    expect((await t.api(g.cardCountNg, {}, { token: me.token })).body.data).toEqual({ count: 2 });
    // A card of another customer (or an unknown one) moves nothing: 404, all or nothing.
    const stranger = await signedInAccount(t);
    const theirs = await openTestCard(t, stranger.accountId);
    const refused = await move(me, [c3.id, theirs.id], a.id);
    expect(refused.body.code).toBe(404);
    expect(await groupOfCard(c3.id)).toBeNull();
    // Nor can a stranger move my cards or use my group.
    expect((await move(stranger, [theirs.id], a.id)).body.code).toBe(404);
    expect((await move(stranger, [c3.id])).body.code).toBe(404);
  });

  it('pinned groups come first, latest pin first; unpinning puts a group back by age', async () => {
    const me = await signedInAccount(t);
    const one = await addGroup(me, 'one');
    t.advance(1_000);
    const two = await addGroup(me, 'two');
    t.advance(1_000);
    await addGroup(me, 'three');
    expect((await page(me)).map((v) => v.name)).toEqual(['three', 'two', 'one']);
    await t.api(g.cardGroupUp, { id: one.id, up: '1' }, { token: me.token });
    t.advance(1_000);
    await t.api(g.cardGroupUp, { id: two.id, up: '1' }, { token: me.token });
    expect((await page(me)).map((v) => [v.name, v.pinned])).toEqual([
      ['two', true],
      ['one', true],
      ['three', false],
    ]);
    await t.api(g.cardGroupUp, { id: two.id, up: '0' }, { token: me.token });
    expect((await page(me)).map((v) => v.name)).toEqual(['one', 'three', 'two']);
  });

  it('remove and batchRemove delete groups and keep their cards, ungrouped', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const b = await addGroup(me, 'B');
    const c = await addGroup(me, 'C');
    const cardsIn = await Promise.all([1, 2, 3].map(() => openTestCard(t, me.accountId)));
    await move(me, [cardsIn[0]!.id], a.id);
    await move(me, [cardsIn[1]!.id], b.id);
    await move(me, [cardsIn[2]!.id], c.id);
    expect((await t.api(g.cardGroupRemove, { id: a.id }, { token: me.token })).body.data).toEqual({
      ungrouped: 1,
    });
    // One unknown id: nothing removed.
    const partial = await t.api(g.cardGroupBatchRemove, { ids: `${b.id},nope` }, { token: me.token });
    expect(partial.body.code).toBe(404);
    expect((await page(me)).map((v) => v.name).sort()).toEqual(['B', 'C']);
    const both = await t.api(g.cardGroupBatchRemove, { ids: `${b.id},${c.id}` }, { token: me.token });
    expect(both.body.data).toEqual({ removed: 2, ungrouped: 2 });
    expect(await page(me)).toEqual([]);
    const left = await t.ctx.database.db.select().from(cards).where(eq(cards.accountId, me.accountId));
    expect(left.map((r) => r.status)).toEqual(['active', 'active', 'active']);
    expect((await t.api(g.cardCountNg, {}, { token: me.token })).body.data).toEqual({ count: 3 });
  });

  it('merge moves every card into the target and deletes the sources in one step, with a log naming what moved', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const b = await addGroup(me, 'B');
    const c = await addGroup(me, 'C');
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => openTestCard(t, me.accountId)));
    await move(me, [x!.id], a.id);
    await move(me, [y!.id, z!.id], b.id);
    const merged = await t.api(
      g.cardGroupMerge,
      { ids: `${b.id},${c.id}`, targetId: a.id },
      { token: me.token },
    );
    expect(merged.body.code).toBe(200);
    const data = merged.body.data as { target: CardGroupView; moved: number; removed: number };
    expect([data.target.id, data.target.cardCount, data.moved, data.removed]).toEqual([a.id, 3, 2, 2]);
    expect(await Promise.all([x!, y!, z!].map((card) => groupOfCard(card.id)))).toEqual([a.id, a.id, a.id]);
    expect((await page(me)).map((v) => v.name)).toEqual(['A']);
    const [log] = await t.ctx.database.db
      .select()
      .from(cardGroupLogs)
      .where(and(eq(cardGroupLogs.accountId, me.accountId), eq(cardGroupLogs.action, 'merge')));
    expect(log?.detail).toEqual({
      target: { id: a.id, name: 'A' },
      sources: [
        { id: b.id, name: 'B', cards: 2 },
        { id: c.id, name: 'C', cards: 0 },
      ],
      moved: 2,
    });
    // The target alone is not a merge; an unknown source changes nothing.
    expect(
      (await t.api(g.cardGroupMerge, { ids: a.id, targetId: a.id }, { token: me.token })).body.code,
    ).toBe(400);
    const d = await addGroup(me, 'D');
    const unknown = await t.api(
      g.cardGroupMerge,
      { ids: `${d.id},nope`, targetId: a.id },
      { token: me.token },
    );
    expect(unknown.body.code).toBe(404);
    expect((await page(me)).map((v) => v.name).sort()).toEqual(['A', 'D']);
  });

  it('another customer cannot see, rename, pin, remove, merge, count or export my groups', async () => {
    const me = await signedInAccount(t);
    const mine = await addGroup(me, 'Mine');
    const card = await openTestCard(t, me.accountId);
    await move(me, [card.id], mine.id);
    const thief = await signedInAccount(t);
    const theirs = await addGroup(thief, 'Theirs');
    expect(await page(thief)).toHaveLength(1);
    const opts = { token: thief.token };
    expect((await t.api(g.cardGroupUpdate, { id: mine.id, name: 'x' }, opts)).body.code).toBe(404);
    expect((await t.api(g.cardGroupUp, { id: mine.id, up: '1' }, opts)).body.code).toBe(404);
    expect((await t.api(g.cardGroupRemove, { id: mine.id }, opts)).body.code).toBe(404);
    expect((await t.api(g.cardGroupMerge, { ids: mine.id, targetId: theirs.id }, opts)).body.code).toBe(404);
    expect((await t.api(g.cardGroupCardCount, { ids: mine.id }, opts)).body.data).toEqual([]);
    expect((await t.api(g.cardGroupDown, { id: mine.id }, opts)).body.code).toBe(404);
    expect((await t.api(g.cardGroupSpend, { id: mine.id }, opts)).body.code).toBe(404);
    expect((await t.api(g.cardGroupPreview, { action: 'freeze', groupId: mine.id }, opts)).body.code).toBe(
      404,
    );
    // Filtering the card list by my group shows the thief nothing of mine.
    expect(await cardIdsOfPage(thief, { groupId: mine.id })).toEqual([]);
    expect(await groupOfCard(card.id)).toBe(mine.id);
    expect((await t.api(g.cardGroupPage, {}, {})).body.code).toBe(401);
  });

  it('a sub-account user sees only groups it created or holding its own cards, counts only its own cards, and changes only its own groups', async () => {
    const me = await signedInAccount(t);
    const subId = `sub-${newId()}`;
    const sub = await openSession(t, me.accountId, subId);
    const mainGroup = await addGroup(me, 'Main only');
    const shared = await addGroup(me, 'Shared');
    const subCard = await openTestCard(t, me.accountId, { subAccountId: subId, balance: 300 });
    const mainCard = await openTestCard(t, me.accountId, { balance: 9_000 });
    await move(me, [subCard.id, mainCard.id], shared.id);
    const own = await addGroup(sub, 'Sub own');
    expect(own.creator).toBe(subId);
    // Spec §3: each group shows when and by whom it was created (issue 29 item 18).
    expect(own.creatorMember).toEqual({
      nickname: `Member ${subId}`,
      subUid: expect.stringMatching(/^S\d{9}$/),
    });
    expect(t.ctx.now().getTime() - Date.parse(own.createdAt)).toBeLessThan(60_000);
    expect((await page(me)).find((v) => v.id === mainGroup.id)).toMatchObject({
      creator: 'main',
      creatorMember: null,
      createdAt: expect.any(String),
    });
    const seen = await page(sub);
    expect(seen.map((v) => [v.name, v.cardCount, v.balance]).sort()).toEqual([
      ['Shared', 1, 300],
      ['Sub own', 0, 0],
    ]);
    expect(seen.some((v) => v.id === mainGroup.id)).toBe(false);
    // The main account sees every group and every card.
    expect((await page(me)).find((v) => v.id === shared.id)?.cardCount).toBe(2);
    // The sub-account may not rename or remove a group it did not create (4030), nor see the main one.
    expect(
      (await t.api(g.cardGroupUpdate, { id: shared.id, name: 'x' }, { token: sub.token })).body.code,
    ).toBe(4030);
    expect((await t.api(g.cardGroupRemove, { id: mainGroup.id }, { token: sub.token })).body.code).toBe(404);
    // It moves its own cards only, and into groups it sees.
    expect((await move(sub, [subCard.id], own.id)).body.code).toBe(200);
    expect((await move(sub, [mainCard.id], own.id)).body.code).toBe(404);
    expect((await move(sub, [subCard.id], mainGroup.id)).body.code).toBe(404);
    // Once the main account puts one of its cards in the sub's group, the sub cannot delete it.
    await move(me, [mainCard.id], own.id);
    expect((await t.api(g.cardGroupRemove, { id: own.id }, { token: sub.token })).body.code).toBe(4030);
    await move(me, [mainCard.id]);
    expect((await t.api(g.cardGroupRemove, { id: own.id }, { token: sub.token })).body.data).toEqual({
      ungrouped: 1,
    });
    // Its "no group" count counts its own cards only.
    expect((await t.api(g.cardCountNg, {}, { token: sub.token })).body.data).toEqual({ count: 1 });
  });

  it('card/page and the card records filter by group, by tag and by no group', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const tag = (await t.api(tagAdd, { name: 'vip' }, { token: me.token })).body.data as { id: string };
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => openTestCard(t, me.accountId)));
    await move(me, [x!.id, y!.id], a.id);
    await t.api(editCardTag, { cardIds: `${y!.id},${z!.id}`, add: tag.id }, { token: me.token });
    expect(await cardIdsOfPage(me, { groupId: a.id })).toEqual([x!.id, y!.id].sort());
    expect(await cardIdsOfPage(me, { groupId: 'none' })).toEqual([z!.id]);
    expect(await cardIdsOfPage(me, { tagId: tag.id })).toEqual([y!.id, z!.id].sort());
    expect(await cardIdsOfPage(me, { groupId: a.id, tagId: tag.id })).toEqual([y!.id]);
    for (const card of [x!, y!, z!]) await authorize(card, 'completed', 100);
    const records = async (filter: Record<string, string>) =>
      (
        (await t.api(authTransPage, { pageNo: 1, pageSize: 100, ...filter }, { token: me.token })).body
          .data as {
          data: { cardId: string }[];
        }
      ).data
        .map((r) => r.cardId)
        .sort();
    expect(await records({ groupId: a.id })).toEqual([x!.id, y!.id].sort());
    expect(await records({ tagId: tag.id })).toEqual([y!.id, z!.id].sort());
    expect(await records({ groupId: 'none' })).toEqual([z!.id]);
  });

  it('cardDown exports the group’s cards by the card export rules: last four only, full numbers only with a step-up and the e-mail code', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const [x, y] = await Promise.all([1, 2].map(() => openTestCard(t, me.accountId)));
    await move(me, [x!.id], a.id);
    const file = await t.raw(`/api/cardGroup/cardDown?id=${a.id}&format=csv`, {
      headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'en' },
    });
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain(x!.serial);
    expect(text).not.toContain(y!.serial);
    // No more than the last four digits of the number.
    expect(text).not.toMatch(/\b\d{15,19}\b/);
    // A bearer token alone (a stolen one) gets no full numbers: the step-up comes first.
    const stolen = await t.api(g.cardGroupDown, { id: a.id, format: 'csv', full: '1' }, { token: me.token });
    expect([stolen.body.code, (stolen.body.data as { stepUp: string }).stepUp]).toEqual([
      428,
      'card_export_full',
    ]);
    const stepUpTicket = await stepUpTicketFor(t, me.token, 'card_export_full');
    const full = await t.api(
      g.cardGroupDown,
      { id: a.id, format: 'csv', full: '1', stepUpTicket },
      { token: me.token },
    );
    expect([full.body.code, (full.body.data as { need: string }).need]).toEqual([428, 'mailCode']);
    const wrong = await t.api(
      g.cardGroupDown,
      { id: a.id, format: 'csv', full: '1', code: '000000', stepUpTicket },
      { token: me.token },
    );
    expect(wrong.body.code).toBe(422);
  });

  it('the spending panel: daily spend, approval and decline rates, top reasons and merchants, 3DS challenges', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const x = await openTestCard(t, me.accountId);
    const outside = await openTestCard(t, me.accountId);
    await move(me, [x.id], a.id);
    await authorize(x, 'completed', 1_000, { merchantName: 'Google Ads' });
    await authorize(x, 'completed', 400, { merchantName: 'Meta Ads' });
    await authorize(x, 'declined', 400, { declineReason: 'insufficient_balance' });
    await authorize(x, 'declined', 400, { declineReason: 'insufficient_balance' });
    await authorize(outside, 'declined', 999, { declineReason: 'suspected_fraud' });
    await t.ctx.database.db.insert(cardOtps).values({
      id: newId(),
      cardId: x.id,
      accountId: me.accountId,
      code: 'sealed',
      merchantName: 'Meta Ads',
      currency: 'USD',
      amount: 100,
      createdAt: t.ctx.now(),
      expiresAt: new Date(t.ctx.now().getTime() + 60_000),
    });
    const answer = await t.api(g.cardGroupSpend, { id: a.id, days: '7' }, { token: me.token });
    expect(answer.body.code).toBe(200);
    const spend = answer.body.data as g.GroupSpendView;
    expect(spend.daily).toHaveLength(7);
    expect(spend.daily.at(-1)?.amount).toBe(1_400);
    expect([spend.total, spend.approved, spend.declined, spend.approvalRateBp, spend.declineRateBp]).toEqual([
      1_400, 2, 2, 5_000, 5_000,
    ]);
    expect(spend.topDeclineReasons).toEqual([
      { reason: 'insufficient_balance', text: expect.any(String) as string, count: 2 },
    ]);
    expect(spend.topMerchants.map((m) => [m.name, m.amount])).toEqual([
      ['Google Ads', 1_000],
      ['Meta Ads', 400],
    ]);
    expect(spend.challenges).toBe(1);
    // Older than the window: not counted.
    t.advance(8 * 24 * 3600 * 1000);
    // (A session idles out in two hours: a new one, eight days later.)
    const again = await openSession(t, me.accountId);
    const later = (await t.api(g.cardGroupSpend, { id: a.id, days: '7' }, { token: again.token })).body
      .data as g.GroupSpendView;
    expect([later.total, later.approved + later.declined, later.challenges]).toEqual([0, 0, 0]);
    const month = (await t.api(g.cardGroupSpend, { id: a.id, days: '30' }, { token: again.token })).body
      .data as g.GroupSpendView;
    expect([month.daily.length, month.total]).toEqual([30, 1_400]);
  });

  it('preview: cards affected, skipped with the reason the action would give, and the money that would move', async () => {
    const me = await signedInAccount(t);
    const a = await addGroup(me, 'A');
    const active = await openTestCard(t, me.accountId, { balance: 1_000 });
    const frozen = await openTestCard(t, me.accountId, { balance: 500 });
    const risk = await openTestCard(t, me.accountId, { balance: 200 });
    const held = await openTestCard(t, me.accountId, { balance: 300 });
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'customer' })
      .where(eq(cards.id, frozen.id));
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'risk' })
      .where(eq(cards.id, risk.id));
    await authorize(held, 'pending', 100);
    await move(me, [active.id, frozen.id, risk.id, held.id], a.id);
    const preview = async (input: g.PreviewRequest) =>
      (await t.api(g.cardGroupPreview, input, { token: me.token })).body.data as {
        affected: { id: string }[];
        skipped: { id: string; reason: string; text: string }[];
        money: number;
      };
    const freeze = await preview({ action: 'freeze', groupId: a.id });
    expect(freeze.affected.map((c) => c.id).sort()).toEqual([active.id, held.id].sort());
    expect(freeze.skipped.map((s) => s.reason).sort()).toEqual(['alreadyFrozen', 'alreadyFrozen']);
    expect(freeze.money).toBe(0);
    const activate = await preview({ action: 'activate', groupId: a.id });
    expect(activate.affected.map((c) => c.id)).toEqual([frozen.id]);
    expect(activate.skipped.find((s) => s.id === risk.id)?.reason).toBe('riskFrozen');
    const remove = await preview({ action: 'delete', groupId: a.id });
    expect(remove.skipped.map((s) => [s.id, s.reason])).toEqual([[held.id, 'pending']]);
    expect(remove.money).toBe(1_700);
    const recharge = await preview({
      action: 'recharge',
      cardIds: `${active.id},${frozen.id}`,
      amount: '2500',
    });
    expect([recharge.affected.length, recharge.skipped[0]?.reason, recharge.money]).toEqual([
      1,
      'frozenNoRecharge',
      2_500,
    ]);
    // Nothing changed.
    const [still] = await t.ctx.database.db.select().from(cards).where(eq(cards.id, active.id));
    expect(still?.status).toBe('active');
    const noTarget = await t.api(g.cardGroupPreview, { action: 'freeze' }, { token: me.token });
    expect(noTarget.body.code).toBe(400);
  });
});
