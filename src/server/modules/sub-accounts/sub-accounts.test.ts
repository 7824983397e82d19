import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { info } from '../../../contract/account';
import { cardPage, cardRecharge, openCardCost } from '../../../contract/cards';
import { loginPwd } from '../../../contract/auth';
import { Code } from '../../../contract/core';
import { ROUTE_ROWS as routeRows } from '../../../contract/routes';
import { roleAdd, roleDelete, rolePermissionSet } from '../../../contract/roles';
import { groupOpen } from '../../../contract/segments';
import {
  inviteAccept,
  inviteCheck,
  subAdd,
  subAddCode,
  subEditRole,
  subFrozen,
  subList,
  subRenew,
} from '../../../contract/sub-accounts';
import { mailOutbox, operationLogs, subAccounts } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp, uniqueEmail } from '../../testing/harness';
import { askForCode, signedInAccount, type SignedInAccount } from '../../testing/signed-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ok<T>(promise: Promise<{ body: { code: number; data: unknown; msg: string } }>): Promise<T> {
  const answer = await promise;
  if (answer.body.code !== 200) throw new Error(`expected 200, got ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

async function addRole(owner: SignedInAccount, name: string, permissions: string[]): Promise<string> {
  const role = await ok<{ id: string }>(
    t.api(roleAdd, { name, permissions: permissions.join(',') }, { token: owner.token }),
  );
  return role.id;
}

/** Invites a member through the API and accepts the mailed link; answers its address and id. */
async function inviteMember(owner: SignedInAccount, roleId: string) {
  const email = uniqueEmail('member').toLowerCase();
  const code = await askForCode(t, subAddCode, {}, owner.token, owner.email);
  const view = await ok<{ id: string; status: string }>(
    t.api(
      subAdd,
      { code, email, nickname: 'Alice', roleId, validUntil: '2099-01-01' },
      { token: owner.token },
    ),
  );
  expect(view.status).toBe('invited');
  const [mail] = await t.ctx.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  expect(token).not.toBe('');
  return { email, id: view.id, token };
}

const PASSWORD = 'Member-secret-1';

describe('inviting a member', () => {
  it('mails a link; the member sets a password with it once and signs in in sub-account mode', async () => {
    const owner = await signedInAccount(t);
    const roleId = await addRole(owner, 'Viewer', ['card:list']);
    const member = await inviteMember(owner, roleId);
    // An invited member cannot sign in yet.
    expect((await t.api(loginPwd, { username: member.email, password: PASSWORD })).body.code).toBe(422);

    const check = await ok<{ email: string }>(t.api(inviteCheck, { token: member.token }));
    expect(check.email).toBe(member.email);
    await ok(t.api(inviteAccept, { token: member.token, password: PASSWORD, confirmPassword: PASSWORD }));
    // The link is spent.
    const again = await t.api(inviteAccept, {
      token: member.token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(again.body.code).toBe(404);

    const tokens = await t.signIn(member.email, PASSWORD);
    expect(tokens.subAccount).toBe(1);
    const ids = (tokens.Auths ?? []).map((a) => a.id);
    expect(ids).toContain(routeRows.cardList.permission);
    expect(ids).not.toContain(routeRows.cardOpen.permission);
    expect(ids).not.toContain(routeRows.home.permission);
    expect(tokens.subPermission).toEqual(['card:list']);
    const me = await ok<{ userId: string; email: string; subAccount: number }>(
      t.api(info, {}, { token: tokens.access_token }),
    );
    expect(me).toMatchObject({ email: member.email, subAccount: 1 });
  });

  it('needs the code mailed to the owner, and an address nobody uses', async () => {
    const owner = await signedInAccount(t);
    const roleId = await addRole(owner, 'R', []);
    const wrong = await t.api(
      subAdd,
      { code: '000000', email: uniqueEmail('x'), nickname: 'X', roleId, validUntil: '2099-01-01' },
      { token: owner.token },
    );
    expect(wrong.body.code).toBe(422);
    const code = await askForCode(t, subAddCode, {}, owner.token, owner.email);
    const taken = await t.api(
      subAdd,
      { code, email: owner.email, nickname: 'X', roleId, validUntil: '2099-01-01' },
      { token: owner.token, lang: 'en' },
    );
    // The same refusal as a sign-up or an e-mail change with a taken address (one place, issue 29 §3).
    expect(taken.body).toMatchObject({ code: 409, msg: 'This e-mail is already registered' });
  });
});

describe('rights follow the role on the very next request', () => {
  it('refuses with 4030 (no sign-out), then allows once granted, and logs the keys before and after', async () => {
    const owner = await signedInAccount(t);
    const roleId = await addRole(owner, 'Cards', ['card:list']);
    const member = await inviteMember(owner, roleId);
    await ok(t.api(inviteAccept, { token: member.token, password: PASSWORD, confirmPassword: PASSWORD }));
    const { access_token: token } = await t.signIn(member.email, PASSWORD);

    const refused = await t.api(groupOpen, {}, { token, lang: 'en' });
    expect(refused.body.code).toBe(Code.noPermission);
    expect(refused.body.msg).toMatch(/role does not allow/);
    const cost = await t.api(openCardCost, { segmentId: 'x', amount: 100 }, { token });
    expect(cost.body.code).toBe(Code.noPermission);
    // Still signed in.
    expect((await t.api(cardPage, {}, { token })).body.code).toBe(200);

    await ok(
      t.api(rolePermissionSet, { roleId, permissions: 'card:list,card:open' }, { token: owner.token }),
    );
    expect((await t.api(groupOpen, {}, { token })).body.code).toBe(200);

    const [logged] = await t.ctx.database.db
      .select({ detail: operationLogs.detail })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.accountId, owner.accountId), eq(operationLogs.action, 'roles.permissionSet')),
      );
    expect(logged?.detail).toMatchObject({
      permissionsBefore: ['card:list'],
      permissionsAfter: ['card:open', 'card:list'],
    });

    // A role in use cannot be deleted; another role given to the member counts at once too.
    expect((await t.api(roleDelete, { roleId }, { token: owner.token })).body.code).toBe(422);
    const none = await addRole(owner, 'Nothing', []);
    await ok(t.api(subEditRole, { subAccountId: member.id, roleId: none }, { token: owner.token }));
    expect((await t.api(cardPage, {}, { token })).body.code).toBe(Code.noPermission);
    await ok(t.api(roleDelete, { roleId }, { token: owner.token }));
  });

  it('freezing ends the member’s sessions at once and stops sign-in; unfreezing lets it back', async () => {
    const owner = await signedInAccount(t);
    const roleId = await addRole(owner, 'Cards', ['card:list']);
    const member = await inviteMember(owner, roleId);
    await ok(t.api(inviteAccept, { token: member.token, password: PASSWORD, confirmPassword: PASSWORD }));
    const { access_token: token } = await t.signIn(member.email, PASSWORD);
    await ok(t.api(subFrozen, { subAccountId: member.id, frozen: 1 }, { token: owner.token }));
    expect((await t.api(cardPage, {}, { token })).body.code).toBe(401);
    const again = await t.api(loginPwd, {
      username: member.email,
      password: PASSWORD,
    });
    expect(again.body.code).toBe(403);
    await ok(t.api(subFrozen, { subAccountId: member.id, frozen: 0 }, { token: owner.token }));
    const back = await t.signIn(member.email, PASSWORD);
    expect((await t.api(cardPage, {}, { token: back.access_token })).body.code).toBe(200);
  });

  it('an expired member reads but may not recharge; a renewal counts at once', async () => {
    const owner = await signedInAccount(t);
    const roleId = await addRole(owner, 'All cards', ['card:list', 'card:recharge']);
    const member = await inviteMember(owner, roleId);
    await ok(t.api(inviteAccept, { token: member.token, password: PASSWORD, confirmPassword: PASSWORD }));
    const { access_token: token } = await t.signIn(member.email, PASSWORD);
    await t.ctx.database.db
      .update(subAccounts)
      .set({ validUntil: new Date(t.ctx.now().getTime() - 1000) })
      .where(eq(subAccounts.id, member.id));
    expect((await t.api(cardPage, {}, { token })).body.code).toBe(200);
    const refused = await t.api(
      cardRecharge,
      { cardId: 'x', amount: 100, debitCurrency: 'USD', expectTotal: 100 },
      { token, lang: 'en', headers: { 'idempotency-key': 'expired-1' } },
    );
    expect(refused.body).toMatchObject({ code: 422 });
    expect(refused.body.msg).toMatch(/expired/);
    const past = await t.api(
      subRenew,
      { subAccountId: member.id, validUntil: '2001-01-01' },
      { token: owner.token },
    );
    expect(past.body.code).toBe(422);
    await ok(t.api(subRenew, { subAccountId: member.id, validUntil: '2099-01-01' }, { token: owner.token }));
    const after = await t.api(
      cardRecharge,
      { cardId: 'x', amount: 100, debitCurrency: 'USD', expectTotal: 100 },
      { token, headers: { 'idempotency-key': 'expired-2' } },
    );
    // Past the expiry check: the unknown card is what answers now.
    expect(after.body.code).toBe(404);
  });
});

describe('one account’s members are invisible to another', () => {
  it('lists only its own members and answers 404 for another account’s member or role', async () => {
    const owner = await signedInAccount(t);
    const other = await signedInAccount(t);
    const roleId = await addRole(owner, 'Mine', []);
    const member = await inviteMember(owner, roleId);
    const theirs = await ok<{ total: number }>(t.api(subList, {}, { token: other.token }));
    expect(theirs.total).toBe(0);
    const mine = await ok<{ data: { id: string }[] }>(t.api(subList, {}, { token: owner.token }));
    expect(mine.data.map((m) => m.id)).toEqual([member.id]);
    expect(
      (await t.api(subFrozen, { subAccountId: member.id, frozen: 1 }, { token: other.token })).body.code,
    ).toBe(404);
    expect(
      (await t.api(rolePermissionSet, { roleId, permissions: '' }, { token: other.token })).body.code,
    ).toBe(404);
  });
});
