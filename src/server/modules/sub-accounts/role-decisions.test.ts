/**
 * The permission decisions of issue 29 §6 (docs/decisions.md "Sub-accounts and roles"):
 * `personal:account` guards the member's self-service, `overviewForSub` needs `card:list`,
 * `topup/usbank` is the owner's, and a member's full-number export code goes to the member.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewForSub } from '../../../contract/account';
import { checkCode, downGetCode } from '../../../contract/cards';
import { Code } from '../../../contract/core';
import { usbank } from '../../../contract/finance';
import { PERMISSION_KEYS, type PermissionKey } from '../../../contract/permissions';
import { subSelfProfile } from '../../../contract/sub-accounts';
import { mailOutbox, subAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { ensureSubAccount, openSession, signedInAccount } from '../../testing/signed-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every key but these (a key that requires one left out goes too, or the role would bring it back). */
const without = (...keys: PermissionKey[]) => PERMISSION_KEYS.filter((k) => !keys.includes(k));

async function member(accountId: string, keys: readonly string[]) {
  const id = newId();
  await ensureSubAccount(t, accountId, id, keys);
  const [row] = await t.ctx.database.db
    .select({ email: subAccounts.email })
    .from(subAccounts)
    .where(eq(subAccounts.id, id));
  return { id, email: row!.email, ...(await openSession(t, accountId, id)) };
}

async function mails(to: string, subject: string): Promise<number> {
  const rows = await t.ctx.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)));
  return rows.length;
}

describe('permission decisions of issue 29 §6', () => {
  it('personal:account guards the member’s own profile change', async () => {
    const owner = await signedInAccount(t);
    const refused = await member(owner.accountId, without('personal:account', 'personal:channels'));
    const allowed = await member(owner.accountId, ['personal:account']);
    expect((await t.api(subSelfProfile, { nickname: 'Nina' }, { token: refused.token })).body.code).toBe(
      Code.noPermission,
    );
    expect((await t.api(subSelfProfile, { nickname: 'Nina' }, { token: allowed.token })).body.code).toBe(200);
  });

  it('overviewForSub needs card:list: the figures are of the cards the member may list', async () => {
    const owner = await signedInAccount(t);
    const refused = await member(owner.accountId, ['finance:wallet', 'personal:account']);
    const allowed = await member(owner.accountId, ['card:list']);
    expect((await t.api(overviewForSub, {}, { token: refused.token })).body.code).toBe(Code.noPermission);
    expect((await t.api(overviewForSub, {}, { token: allowed.token })).body.code).toBe(200);
  });

  it("topup/usbank is the owner's: no member of any role reads the receiving account", async () => {
    const owner = await signedInAccount(t);
    expect((await t.api(usbank, {}, { token: owner.token })).body.code).toBe(200);
    for (const keys of [[], ['finance:wallet', 'finance:record'], PERMISSION_KEYS]) {
      const someone = await member(owner.accountId, keys);
      expect((await t.api(usbank, {}, { token: someone.token })).body.code).toBe(Code.noPermission);
    }
  });

  it("mails a member's full-number export code to the member, not to the owner", async () => {
    const owner = await signedInAccount(t);
    const exporter = await member(owner.accountId, ['card:list', 'card:export']);
    const subject = 'Your Card Portal card export code';
    expect((await t.api(downGetCode, {}, { token: exporter.token, lang: 'en' })).body.code).toBe(200);
    expect(await mails(exporter.email, subject)).toBe(1);
    expect(await mails(owner.email, subject)).toBe(0);
    const code = await t.latestCode(exporter.email);
    expect((await t.api(checkCode, { code }, { token: exporter.token })).body.data).toEqual({ valid: true });
    // The owner's own export still goes to the owner.
    expect((await t.api(downGetCode, {}, { token: owner.token, lang: 'en' })).body.code).toBe(200);
    expect(await mails(owner.email, subject)).toBe(1);
  });
});
