/**
 * The role × endpoint matrix, generated from the contract and the permission table: every bearer
 * endpoint is called as the owner, as members with and without its key, as a frozen and an expired
 * member, and as another customer's member. Calls go without a body, so a call that passes the
 * access check usually stops at validation (400): what matters here is whether the access check let
 * it through (anything but 401/403/4030) or refused it (4030, 403, or 422 for an expired member).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract';
import { Code, type EndpointDef } from '../../contract/core';
import { ANY_USER, MAIN_ONLY, PERMISSION_KEYS, type PermissionKey } from '../../contract/permissions';
import { subAccounts } from '../db/schema';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { openTestCard } from '../testing/cards';
import { ensureSubAccount, openSession, signedInAccount } from '../testing/signed-in';
import { REFUSED_WHEN_EXPIRED } from './access';

let t: TestApp;
const bearer = allEndpoints.filter((def) => def.auth === 'bearer');
/** `any` endpoints that describe the member itself: a main account gets 4030 from them. */
const SUB_ONLY = new Set(['account.infoForSub', 'account.overviewForSub']);

let ownerId = '';
let otherOwnerId = '';
/** Facts of the owner's data another customer's member must never see. */
let secrets: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signedInAccount(t);
  const other = await signedInAccount(t);
  ownerId = owner.accountId;
  otherOwnerId = other.accountId;
  await ensureSubAccount(t, ownerId, 'm-all', PERMISSION_KEYS);
  await ensureSubAccount(t, ownerId, 'm-none', []);
  await ensureSubAccount(t, ownerId, 'm-frozen', PERMISSION_KEYS);
  await ensureSubAccount(t, ownerId, 'm-expired', PERMISSION_KEYS);
  await ensureSubAccount(t, otherOwnerId, 'm-foreign', PERMISSION_KEYS);
  const db = t.ctx.database.db;
  await db.update(subAccounts).set({ status: 'frozen' }).where(eq(subAccounts.id, 'm-frozen'));
  await db
    .update(subAccounts)
    .set({ validUntil: new Date(t.ctx.now().getTime() - 60_000) })
    .where(eq(subAccounts.id, 'm-expired'));
  const card = await openTestCard(t, ownerId, { subAccountId: 'm-all' });
  secrets = [card.id, card.serial, owner.email, 'm-all'];
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** One call on a fresh session (a call may end its session: logout), answering the envelope code. */
async function callAs(def: EndpointDef, accountId: string, subId: string | null) {
  const { token } = await openSession(t, accountId, subId);
  const res = await t.raw(def.path, {
    method: def.method,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { code: res.status, msg: '', text: '' };
  const text = await res.text();
  const body = JSON.parse(text) as { code: number; msg: string };
  return { code: body.code, msg: body.msg, text };
}

const accessOf = (def: EndpointDef) => def.permission ?? MAIN_ONLY;
const passed = (code: number) =>
  ![Code.unauthorized, Code.forbidden, Code.noPermission].includes(code as never);

describe.each(bearer.map((def) => [def.id, def] as const))('%s', (_id, def) => {
  const access = accessOf(def);

  it('the owner passes', async () => {
    const { code } = await callAs(def, ownerId, null);
    if (SUB_ONLY.has(def.id)) expect(code).toBe(Code.noPermission);
    else expect(passed(code), `code ${code}`).toBe(true);
  });

  it('a member passes only with the key (4030 otherwise, never a sign-out code)', async () => {
    const without = await callAs(def, ownerId, 'm-none');
    const withAll = await callAs(def, ownerId, 'm-all');
    if (access === MAIN_ONLY) {
      expect(without.code).toBe(Code.noPermission);
      expect(withAll.code).toBe(Code.noPermission);
    } else if (access === ANY_USER) {
      expect(passed(without.code), `code ${without.code}`).toBe(true);
      expect(passed(withAll.code), `code ${withAll.code}`).toBe(true);
    } else {
      expect(without.code).toBe(Code.noPermission);
      expect(without.msg).toMatch(/role does not allow/);
      expect(passed(withAll.code), `code ${withAll.code}`).toBe(true);
    }
  });

  it('a frozen member is refused with 403', async () => {
    expect((await callAs(def, ownerId, 'm-frozen')).code).toBe(Code.forbidden);
  });

  it('an expired member keeps reading but is refused money and card changes', async () => {
    const { code, msg } = await callAs(def, ownerId, 'm-expired');
    if (access !== MAIN_ONLY && access !== ANY_USER && REFUSED_WHEN_EXPIRED.has(access as PermissionKey)) {
      expect(code).toBe(Code.unprocessable);
      expect(msg).toMatch(/expired/);
    } else if (access === MAIN_ONLY) expect(code).toBe(Code.noPermission);
    else expect(passed(code), `code ${code}`).toBe(true);
  });

  it('another customer’s member sees nothing of this account', async () => {
    const { code, text } = await callAs(def, otherOwnerId, 'm-foreign');
    if (access === MAIN_ONLY) expect(code).toBe(Code.noPermission);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('foreign ids', () => {
  it('another customer’s member gets 404 for this account’s card', async () => {
    const card = await openTestCard(t, ownerId, { subAccountId: 'm-all' });
    const { token } = await openSession(t, otherOwnerId, 'm-foreign');
    const detail = allEndpoints.find((def) => def.id === 'cards.getCardBalance')!;
    const answer = await t.api(detail, { cardId: card.id }, { token });
    expect(answer.body.code).toBe(404);
    // And the owner's other member does not reach a card it did not open either.
    await ensureSubAccount(t, ownerId, 'm-second', PERMISSION_KEYS);
    const second = await openSession(t, ownerId, 'm-second');
    expect((await t.api(detail, { cardId: card.id }, { token: second.token })).body.code).toBe(404);
  });
});
