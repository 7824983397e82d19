/**
 * The login log's parsed devices and "new device" marks, through real sign-ins (the auth module
 * writes the rows), for an owner and for a team member (whose rows carry the member's id).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPwd } from '../../../contract/auth';
import { loginLog } from '../../../contract/logs';
import { subAccounts } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { WRONG_PASSWORD } from '../../testing/auth';
import type { TestApp } from '../../testing/harness';
import { createTestApp, TEST_PASSWORD } from '../../testing/harness';
import { ensureSubAccount } from '../../testing/signed-in';
import { readLoginLog } from './read-login-log';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PIXEL_UPDATED = PIXEL.replace('Chrome/131', 'Chrome/132');
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let address = 0;
async function signIn(username: string, agent: string, password = TEST_PASSWORD): Promise<number> {
  address += 1;
  t.advance(60_000);
  const answer = await t.api(
    loginPwd,
    { username, password },
    { headers: { 'x-forwarded-for': `198.51.100.${address}`, 'user-agent': agent } },
  );
  return answer.body.code;
}

interface Row {
  deviceText: string;
  device: string;
  newDevice: boolean;
  result: string;
  agent: { kind: string };
}

describe('login log devices', () => {
  it('parses each sign-in device and marks the first success from a new family only', async () => {
    const { email } = await t.register();
    expect(await signIn(email, PIXEL)).toBe(200); // the account's first: not marked
    expect(await signIn(email, PIXEL_UPDATED)).toBe(200); // a browser update: same device
    expect(await signIn(email, DESKTOP, WRONG_PASSWORD)).toBe(422); // a failure introduces nothing
    expect(await signIn(email, DESKTOP)).toBe(200); // new
    expect(await signIn(email, DESKTOP)).toBe(200); // seen
    const token = (await t.signIn(email, TEST_PASSWORD)).access_token;

    const page = await t.api(loginLog, { pageNo: 1, pageSize: 10 }, { token });
    const rows = (page.body.data as { data: Row[] }).data.slice(1).reverse(); // oldest first, t.signIn's left out
    expect(rows.map((r) => [r.result, r.deviceText, r.newDevice])).toEqual([
      ['success', 'Chrome 131 · Android 14 · Pixel 5', false],
      ['success', 'Chrome 132 · Android 14 · Pixel 5', false],
      ['failure', 'Chrome 131 · Linux', false],
      ['success', 'Chrome 131 · Linux', true],
      ['success', 'Chrome 131 · Linux', false],
    ]);
    // The raw string is still there for the detail sheet, and only there.
    expect(rows[0]?.device).toBe(PIXEL);
    expect(rows[0]?.agent.kind).toBe('mobile');

    // The mark does not depend on the page: the marked row is marked on a page of its own.
    const third = await t.api(loginLog, { pageNo: 3, pageSize: 1, result: 'success' }, { token });
    expect((third.body.data as { data: Row[] }).data.map((r) => r.newDevice)).toEqual([true]);
  });

  it('keeps a member history apart from its owner: the owner devices are new to the member', async () => {
    const owner = await t.register();
    expect(await signIn(owner.email, PIXEL)).toBe(200);
    expect(await signIn(owner.email, IPHONE)).toBe(200);
    const memberId = `devices-${owner.userId}`;
    await ensureSubAccount(t, owner.userId, memberId);
    const [member] = await t.ctx.database.db
      .update(subAccounts)
      .set({ passwordHash: await hashPassword(TEST_PASSWORD, t.ctx.env.ARGON2_MEMORY_KIB) })
      .where(eq(subAccounts.id, memberId))
      .returning({ email: subAccounts.email });
    expect(await signIn(member!.email, DESKTOP)).toBe(200); // the member's first
    expect(await signIn(member!.email, IPHONE)).toBe(200); // the owner's iPhone, new to the member
    expect(await signIn(member!.email, IPHONE)).toBe(200);

    const memberLog = await readLoginLog(t.ctx, memberId, { pageNo: 1, pageSize: 10 });
    expect(memberLog.data.map((r) => [r.deviceText, r.newDevice]).reverse()).toEqual([
      ['Chrome 131 · Linux', false],
      ['Safari 17 · iOS 17 · iPhone', true],
      ['Safari 17 · iOS 17 · iPhone', false],
    ]);
    // The member's sign-ins are not the owner's: the owner's log has its own two, iPhone new.
    const ownerLog = await readLoginLog(t.ctx, owner.userId, { pageNo: 1, pageSize: 10 });
    expect(ownerLog.data.map((r) => [r.deviceText, r.newDevice]).reverse()).toEqual([
      ['Chrome 131 · Android 14 · Pixel 5', false],
      ['Safari 17 · iOS 17 · iPhone', true],
    ]);
  });
});
