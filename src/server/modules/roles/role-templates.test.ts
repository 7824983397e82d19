/**
 * Role templates (issue 34 §5): an owner makes a role from a template in one call, with the
 * template's keys from the contract (never the request's), named in the caller's language; a retry
 * answers the same role; a member may not; an unknown template is refused in both languages and
 * creates nothing; and the invitee's link shows the role it was given.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePermissions } from '../../../contract/permissions';
import {
  roleAdd,
  roleAddFromTemplate,
  ROLE_TEMPLATES,
  roleList,
  type RoleTemplateId,
  type RoleView,
} from '../../../contract/roles';
import { inviteCheck, subAdd, subAddCode } from '../../../contract/sub-accounts';
import { operationLogs, subRoles } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp, uniqueEmail } from '../../testing/harness';
import { askForCode, openSession, signedInAccount } from '../../testing/signed-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The call's answer, typed as the contract's role (the harness answers untyped bodies). */
async function fromTemplate(
  token: string,
  lang: 'en' | 'zh-CN',
  template: RoleTemplateId,
  extra: object = {},
) {
  const answer = await t.api(roleAddFromTemplate, { template, ...extra }, { token, lang });
  return answer.body as { code: number; msg: string; data: RoleView | null };
}

async function rolesOf(accountId: string) {
  return t.ctx.database.db.select().from(subRoles).where(eq(subRoles.accountId, accountId));
}

describe('a role from a template', () => {
  it('is named in the caller’s language and holds exactly the template’s keys', async () => {
    const owner = await signedInAccount(t);
    const en = await fromTemplate(owner.token, 'en', 'cardOperator');
    expect(en.code).toBe(200);
    expect(en.data).toMatchObject({
      name: 'Card operator',
      permissions: normalisePermissions(ROLE_TEMPLATES.cardOperator),
      memberCount: 0,
    });
    expect(en.data?.permissions).not.toContain('card:delete');

    const zh = await fromTemplate(owner.token, 'zh-CN', 'financeViewer');
    expect(zh.data).toMatchObject({
      name: '财务查看员',
      permissions: normalisePermissions(ROLE_TEMPLATES.financeViewer),
    });

    const named = await fromTemplate(owner.token, 'en', 'fullAccess', { name: 'Deputy' });
    expect(named.data).toMatchObject({ name: 'Deputy' });
    expect(named.data?.permissions).toHaveLength(normalisePermissions(ROLE_TEMPLATES.fullAccess).length);

    // Keys sent along are not the template's and are ignored: the server holds the template.
    const raw = await fromTemplate(owner.token, 'en', 'financeViewer', {
      name: 'Viewer plus',
      permissions: 'card:delete',
    });
    expect(raw.data?.permissions).toEqual(normalisePermissions(ROLE_TEMPLATES.financeViewer));

    // Logged like any new role, under its own operation.
    const logs = await t.ctx.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.accountId, owner.accountId), eq(operationLogs.action, 'roles.addFromTemplate')),
      );
    expect(logs).toHaveLength(4);
  });

  it('answers the same role on a retry, and refuses a name another role holds', async () => {
    const owner = await signedInAccount(t);
    const first = await fromTemplate(owner.token, 'en', 'cardOperator');
    const again = await fromTemplate(owner.token, 'en', 'cardOperator');
    expect(again.data?.id).toBe(first.data?.id);
    expect(await rolesOf(owner.accountId)).toHaveLength(1);

    // The owner's own "Finance viewer" with other keys keeps its name: 409, nothing changed.
    await t.api(roleAdd, { name: 'Finance viewer', permissions: 'card:list' }, { token: owner.token });
    const taken = await fromTemplate(owner.token, 'en', 'financeViewer');
    expect(taken.code).toBe(409);
    const list = (await t.api(roleList, { pageNo: 1, pageSize: 10 }, { token: owner.token })).body as {
      data: { data: RoleView[] };
    };
    const own = list.data.data.find((role) => role.name === 'Finance viewer');
    expect(own?.permissions).toEqual(['card:list']);
  });

  it('is refused to a member (4030) and creates nothing', async () => {
    const owner = await signedInAccount(t);
    const member = await openSession(t, owner.accountId, `sub-${owner.accountId}`);
    const before = (await rolesOf(owner.accountId)).length;
    const refused = await fromTemplate(member.token, 'en', 'fullAccess');
    expect(refused.code).toBe(4030);
    expect(await rolesOf(owner.accountId)).toHaveLength(before);
  });

  it('refuses an unknown template with a translated message and creates nothing', async () => {
    const owner = await signedInAccount(t);
    for (const [lang, text] of [
      ['en', 'Unknown role template'],
      ['zh-CN', '没有这个角色模板'],
    ] as const) {
      const refused = await fromTemplate(owner.token, lang, 'admin' as RoleTemplateId);
      expect(refused.code).toBe(400);
      expect(refused.msg).toContain(text);
    }
    expect(await rolesOf(owner.accountId)).toHaveLength(0);
  });

  it('is the role the invitee’s link shows', async () => {
    const owner = await signedInAccount(t);
    const role = await fromTemplate(owner.token, 'zh-CN', 'cardOperator');
    const email = uniqueEmail('member').toLowerCase();
    const code = await askForCode(t, subAddCode, {}, owner.token, owner.email);
    const added = await t.api(
      subAdd,
      { code, email, nickname: 'Mia', roleId: role.data!.id, validUntil: '2099-01-01' },
      { token: owner.token },
    );
    expect(added.body.code).toBe(200);
    const mail = await t.ctx.database.db.query.mailOutbox.findFirst({
      where: (m, { eq: is }) => is(m.to, email),
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const check = await t.api(inviteCheck, { token });
    expect(check.body.data).toMatchObject({ email, roleName: '卡片操作员' });
  });
});
