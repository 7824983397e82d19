import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as g from '../../../contract/card-groups';
import type { CardGroupView } from '../../../contract/card-groups';
import { NO_SPEND_RULES } from '../../../contract/spending';
import * as st from '../../../contract/spending-templates';
import type { SpendingPreview, SpendingTemplateView } from '../../../contract/spending-templates';
import { cardAuthorizations, spendingTemplates } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { CardRow } from '../cards/card-access';
import { openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { ensureSubAccount, openSession, signedInAccount } from '../../testing/signed-in';

const t = fileTestApp();
const DAY = 86_400_000;

async function save(me: { token: string }, body: Record<string, unknown>) {
  return t.api(st.spendingTemplateSave, body as never, { token: me.token });
}

async function templatesOf(accountId: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ n: count() })
    .from(spendingTemplates)
    .where(eq(spendingTemplates.accountId, accountId));
  return row?.n ?? 0;
}

/** An authorization as the issuer path stores it, `ago` milliseconds before now. */
async function pastAuthorization(
  card: CardRow,
  amount: number,
  ago: number,
  more: Partial<typeof cardAuthorizations.$inferInsert> = {},
) {
  const id = newId();
  const at = new Date(t.ctx.now().getTime() - ago);
  await t.ctx.database.db.insert(cardAuthorizations).values({
    id,
    issuerAuthId: `iss-${id}`,
    cardId: card.id,
    accountId: card.accountId,
    subAccountId: card.subAccountId,
    status: 'completed',
    currency: card.currency,
    amount,
    merchantName: `Merchant ${amount}`,
    merchantCategory: '7311',
    merchantCountry: 'US',
    createdAt: at,
    updatedAt: at,
    ...more,
  });
  return id;
}

async function preview(me: { token: string }, body: Record<string, unknown>, lang?: 'en' | 'zh-CN') {
  return t.api(st.spendingPreview, body as never, { token: me.token, ...(lang ? { lang } : {}) });
}

describe('spending templates', () => {
  it('saves, lists by name, renames, replaces and removes; names unique per customer', async () => {
    const me = await signedInAccount(t);
    const ads = await save(me, {
      name: 'Ads only',
      rules: { categories: { mode: 'allow', groups: ['advertising'] }, daily: 50_000 },
    });
    expect(ads.body.code).toBe(200);
    const saas = await save(me, {
      name: 'SaaS, US and EU',
      rules: {
        categories: { mode: 'allow', groups: ['software'] },
        countries: { mode: 'allow', countries: ['us', 'DE'] },
      },
    });
    expect((saas.body.data as SpendingTemplateView).rules.countries?.countries).toEqual(['US', 'DE']);
    expect((await save(me, { name: 'ads ONLY', rules: {} })).body.code).toBe(409);
    const listed = await t.api(st.spendingTemplateList, {}, { token: me.token });
    expect((listed.body.data as SpendingTemplateView[]).map((x) => x.name)).toEqual([
      'Ads only',
      'SaaS, US and EU',
    ]);
    const id = (ads.body.data as SpendingTemplateView).id;
    const replaced = await save(me, { id, name: 'Ads', rules: { perAuthorization: 100 } });
    expect((replaced.body.data as SpendingTemplateView).rules).toEqual({
      ...NO_SPEND_RULES,
      perAuthorization: 100,
    });
    // Another customer sees none of them and cannot touch them.
    const other = await signedInAccount(t);
    expect((await t.api(st.spendingTemplateList, {}, { token: other.token })).body.data).toEqual([]);
    expect((await save(other, { id, name: 'mine', rules: {} })).body.code).toBe(422);
    expect((await t.api(st.spendingTemplateRemove, { id }, { token: other.token })).body.code).toBe(422);
    expect((await t.api(st.spendingTemplateRemove, { id }, { token: me.token })).body.code).toBe(200);
    expect(await templatesOf(me.accountId)).toBe(1);
  });

  it('bad rules are refused with a translated reason and nothing is stored', async () => {
    const me = await signedInAccount(t);
    const cases: [Record<string, unknown>, string | null, string | null][] = [
      [{ name: '', rules: {} }, 'Please enter a template name', '请输入模板名称'],
      [{ name: 'x', rules: { daily: 0 } }, null, null],
      [{ name: 'x', rules: { daily: 10.5 } }, null, null],
      [
        { name: 'x', rules: { categories: { mode: 'allow', groups: [] } } },
        'Choose at least one merchant category',
        '请至少选择一个商户类别',
      ],
      [
        { name: 'x', rules: { categories: { mode: 'allow', groups: ['casino'] } } },
        'Choose merchant categories from the list',
        '请从列表中选择商户类别',
      ],
      [
        { name: 'x', rules: { countries: { mode: 'block', countries: ['USA'] } } },
        'Enter a two-letter country code (ISO 3166, e.g. US)',
        '请输入两位国家/地区代码（ISO 3166，如 US）',
      ],
      [
        { name: 'x', rules: { daily: 500, monthly: 100 } },
        "A longer period's limit cannot be below a shorter one's (per payment ≤ day ≤ month ≤ lifetime)",
        '较长周期的限额不能低于较短周期（单笔 ≤ 每日 ≤ 每月 ≤ 累计）',
      ],
      [
        { name: 'x', rules: { validFrom: '2026-12-01T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' } },
        '"Valid until" must be after "valid from"',
        '失效时间必须晚于生效时间',
      ],
    ];
    for (const [body, en, zh] of cases) {
      const answer = await save(me, body);
      expect(answer.body.code).toBe(400);
      if (en) expect(answer.body.msg).toBe(en);
      const zhAnswer = await t.api(st.spendingTemplateSave, body as never, {
        token: me.token,
        lang: 'zh-CN',
      });
      if (zh) expect(zhAnswer.body.msg).toBe(zh);
      else expect(zhAnswer.body.msg).not.toBe(answer.body.msg);
    }
    expect(await templatesOf(me.accountId)).toBe(0);
  });

  it('a member changes templates only when its role may change card settings; all members read them', async () => {
    const me = await signedInAccount(t);
    const readerId = newId();
    await ensureSubAccount(t, me.accountId, readerId, ['card:list']);
    const reader = await openSession(t, me.accountId, readerId);
    const refused = await save(reader, { name: 'Team', rules: {} });
    expect(refused.body.code).toBe(4030);
    expect(await templatesOf(me.accountId)).toBe(0);
    await save(me, { name: 'Team', rules: { daily: 1 } });
    expect((await t.api(st.spendingTemplateList, {}, { token: reader.token })).body.data).toHaveLength(1);
    const editor = await openSession(t, me.accountId, newId());
    expect((await save(editor, { name: 'By member', rules: {} })).body.code).toBe(200);
  });

  it('at most TEMPLATES_MAX templates', async () => {
    const me = await signedInAccount(t);
    await t.ctx.database.db.insert(spendingTemplates).values(
      Array.from({ length: st.TEMPLATES_MAX }, (_, i) => ({
        id: newId(),
        accountId: me.accountId,
        name: `t${i}`,
        nameKey: `t${i}`,
        rules: NO_SPEND_RULES,
        savedBy: 'main',
      })),
    );
    const over = await save(me, { name: 'one more', rules: {} });
    expect([over.body.code, over.body.msg]).toEqual([
      422,
      `At most ${st.TEMPLATES_MAX} templates; delete one first`,
    ]);
  });
});

describe('spending preview', () => {
  it('lists what a card’s proposed rules would have declined in the last 30 days, newest first', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const atLimit = await pastAuthorization(card, 5000, 3 * DAY);
    const over = await pastAuthorization(card, 5001, 2 * DAY, { merchantName: 'Meta Ads' });
    const software = await pastAuthorization(card, 100, 1 * DAY, {
      merchantCategory: '5734',
      merchantCountry: 'DE',
    });
    await pastAuthorization(card, 9999, 1 * DAY, {
      status: 'declined',
      declineReason: 'insufficient_balance',
    });
    await pastAuthorization(card, 9999, 31 * DAY); // before the window
    await pastAuthorization(card, 100, 1 * DAY, { status: 'reversed' }); // released: listed only if a rule refuses it
    const answer = await preview(me, {
      cardId: card.id,
      rules: { perAuthorization: 5000, categories: { mode: 'allow', groups: ['advertising'] } },
    });
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as SpendingPreview;
    expect([data.considered, data.declined]).toEqual([4, 2]);
    expect(data.items.map((i) => [i.authorizationId, i.rule])).toEqual([
      [software, 'rule_category'],
      [over, 'rule_per_authorization'],
    ]);
    expect(data.items[1]).toMatchObject({
      merchantName: 'Meta Ads',
      amount: 5001,
      currency: card.currency,
      last4: card.last4,
    });
    expect(data.items.some((i) => i.authorizationId === atLimit)).toBe(false);
    // No rules: nothing would have been declined.
    expect((await preview(me, { cardId: card.id })).body.data).toMatchObject({ considered: 4, declined: 0 });
  });

  it('a group preview shares the monthly budget across the group’s cards', async () => {
    const me = await signedInAccount(t);
    const [x, y] = [await openTestCard(t, me.accountId), await openTestCard(t, me.accountId)];
    const group = (await t.api(g.cardGroupAdd, { name: 'Ads team' }, { token: me.token })).body
      .data as CardGroupView;
    await t.api(g.editBatchGroup, { cardIds: `${x.id},${y.id}`, gid: group.id }, { token: me.token });
    // Both within the current month of the account calendar, whatever day the test runs on.
    await pastAuthorization(x, 600, 2 * 60_000);
    const second = await pastAuthorization(y, 401, 60_000);
    const data = (await preview(me, { groupId: group.id, monthlyBudget: 1000 })).body.data as SpendingPreview;
    expect([data.considered, data.declined]).toEqual([2, 1]);
    expect(data.items[0]).toMatchObject({ authorizationId: second, rule: 'group_budget', cardId: y.id });
    expect((await preview(me, { groupId: group.id, monthlyBudget: 1001 })).body.data).toMatchObject({
      declined: 0,
    });
  });

  it('refuses another customer’s card or group, and a request naming both or neither', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const other = await signedInAccount(t);
    expect((await preview(other, { cardId: card.id })).body.code).toBe(404);
    expect((await preview(other, { groupId: 'nope' })).body.code).toBe(404);
    const both = await preview(me, { cardId: card.id, groupId: 'g' }, 'zh-CN');
    expect([both.body.code, both.body.msg]).toEqual([400, '请选择一张卡片或一个分组（二选一）']);
    expect((await preview(me, {})).body.code).toBe(400);
  });
});
