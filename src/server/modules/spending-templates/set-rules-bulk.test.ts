import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as g from '../../../contract/card-groups';
import type { CardGroupView } from '../../../contract/card-groups';
import { NO_SPEND_RULES } from '../../../contract/spending';
import * as st from '../../../contract/spending-templates';
import type { SpendingTemplateView } from '../../../contract/spending-templates';
import { cards, operationLogs } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { ensureSubAccount, openSession, signedInAccount } from '../../testing/signed-in';
import { readStoredRules } from '../spending/stored-rules';

const t = fileTestApp();

const rulesOf = async (cardId: string) => (await readStoredRules(t.ctx.database.db, cardId)).rules;

async function logsOf(accountId: string) {
  return t.ctx.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.accountId, accountId), eq(operationLogs.action, 'spending.setCardRules')));
}

describe('bulk set of spending rules', () => {
  it('sets the rules on a selection in one go, one log entry per card with before and after; repeatable', async () => {
    const me = await signedInAccount(t);
    const [x, y] = [await openTestCard(t, me.accountId), await openTestCard(t, me.accountId)];
    const rules = { daily: 10_000, categories: { mode: 'allow', groups: ['advertising'] } };
    const answer = await t.api(st.setRulesBulk, { cardIds: [x.id, y.id], rules } as never, {
      token: me.token,
    });
    expect(answer.body.data).toEqual({ changed: 2, cardIds: [x.id, y.id].sort() });
    for (const card of [x, y]) expect(await rulesOf(card.id)).toMatchObject({ daily: 10_000, monthly: null });
    const logs = await logsOf(me.accountId);
    expect(logs).toHaveLength(2);
    expect(logs.map((l) => l.subjectIds?.[0]).sort()).toEqual([x.id, y.id].sort());
    expect(logs[0]!.detail).toMatchObject({ before: NO_SPEND_RULES, after: { daily: 10_000 } });
    const again = await t.api(st.setRulesBulk, { cardIds: [x.id, y.id], rules } as never, {
      token: me.token,
    });
    expect(again.body.code).toBe(200);
    expect(await rulesOf(x.id)).toMatchObject({ daily: 10_000 });
  });

  it('applies a saved template to every card of a group', async () => {
    const me = await signedInAccount(t);
    const [x, y, outside] = [
      await openTestCard(t, me.accountId),
      await openTestCard(t, me.accountId),
      await openTestCard(t, me.accountId),
    ];
    const group = (await t.api(g.cardGroupAdd, { name: 'Ads' }, { token: me.token })).body
      .data as CardGroupView;
    await t.api(g.editBatchGroup, { cardIds: `${x.id},${y.id}`, gid: group.id }, { token: me.token });
    const template = (
      await t.api(st.spendingTemplateSave, { name: 'Ads only', rules: { perAuthorization: 5000 } } as never, {
        token: me.token,
      })
    ).body.data as SpendingTemplateView;
    const answer = await t.api(st.setRulesBulk, { groupId: group.id, templateId: template.id } as never, {
      token: me.token,
    });
    expect((answer.body.data as { changed: number }).changed).toBe(2);
    expect((await rulesOf(x.id)).perAuthorization).toBe(5000);
    expect((await rulesOf(outside.id)).perAuthorization).toBeNull();
  });

  it('all or nothing: a deleted or foreign card refuses the whole call and changes no card', async () => {
    const me = await signedInAccount(t);
    const [x, gone] = [await openTestCard(t, me.accountId), await openTestCard(t, me.accountId)];
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, gone.id));
    const refused = await t.api(
      st.setRulesBulk,
      { cardIds: [x.id, gone.id], rules: { daily: 100 } } as never,
      {
        token: me.token,
      },
    );
    expect(refused.body.code).toBe(422);
    const foreign = await openTestCard(t, (await signedInAccount(t)).accountId);
    const notFound = await t.api(
      st.setRulesBulk,
      { cardIds: [x.id, foreign.id], rules: { daily: 100 } } as never,
      {
        token: me.token,
      },
    );
    expect(notFound.body.code).toBe(404);
    expect((await rulesOf(x.id)).daily).toBeNull();
    expect(await logsOf(me.accountId)).toHaveLength(0);
    const both = await t.api(st.setRulesBulk, { cardIds: [x.id], rules: {}, templateId: 'x' } as never, {
      token: me.token,
      lang: 'zh-CN',
    });
    expect([both.body.code, both.body.msg]).toEqual([400, '请填写规则或选择模板（二选一）']);
  });

  it('a member without card:limits may not set rules', async () => {
    const me = await signedInAccount(t);
    const memberId = newId();
    await ensureSubAccount(t, me.accountId, memberId, ['card:list', 'card:open']);
    const member = await openSession(t, me.accountId, memberId);
    const card = await openTestCard(t, me.accountId, { subAccountId: memberId });
    const refused = await t.api(st.setRulesBulk, { cardIds: [card.id], rules: { daily: 100 } } as never, {
      token: member.token,
    });
    expect(refused.body.code).toBe(4030);
    expect((await rulesOf(card.id)).daily).toBeNull();
  });
});
