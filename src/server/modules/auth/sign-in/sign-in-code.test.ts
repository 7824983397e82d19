import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPwdSubmit, loginByCode, loginCode } from '@contract/auth';
import { accounts, loginLogs } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, uniqueEmail } from '../../../testing/harness';
import { mailsTo, newAddress, setStatus, TRUSTED_PROXY } from '../../../testing/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(TRUSTED_PROXY);
});
afterAll(async () => t.close());

/** Mail a sign-in code to a registered address and read it. */
async function mailedCode(email: string): Promise<string> {
  t.advance(61_000);
  expect((await t.api(loginCode, { email })).status).toBe(200);
  return t.latestCode(email);
}

describe('sign-in by e-mail code', () => {
  it('answers unknown and registered addresses alike, mailing only the account', async () => {
    const { email } = await t.register();
    const stranger = uniqueEmail('stranger');
    const before = await mailsTo(t, email);
    t.advance(61_000);
    const known = await t.api(loginCode, { email });
    const unknown = await t.api(loginCode, { email: stranger });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual({ ...unknown.body });
    expect(await mailsTo(t, email)).toBe(before + 1);
    expect(await mailsTo(t, stranger)).toBe(0);
    // The limits are the same too: nobody learns anything from a 429 either.
    expect((await t.api(loginCode, { email: stranger })).status).toBe(429);
  });

  it('signs in with the mailed code, once, and logs the method', async () => {
    const { email, userId } = await t.register();
    const code = await mailedCode(email);
    const from = newAddress();
    const answer = await t.api(loginByCode, { username: email, code }, from);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect((await t.api(loginByCode, { username: email, code }, newAddress())).status).toBe(422);
    const logs = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.accountId, userId));
    expect(logs.map((l) => [l.method, l.result, l.reason, l.ip])).toEqual(
      expect.arrayContaining([
        ['code', 'success', null, from.headers['x-forwarded-for']],
        ['code', 'failure', 'server:errors.codeInvalid', expect.any(String)],
      ]),
    );
    expect(logs).toHaveLength(2);
  });

  it('refuses a code for an address without an account like a wrong code', async () => {
    const stranger = uniqueEmail('nobody');
    t.advance(61_000);
    await t.api(loginCode, { email: stranger });
    const refused = await t.api(loginByCode, { username: stranger, code: '123456' }, newAddress());
    expect(refused.body).toMatchObject({ code: 422, msg: 'The verification code is wrong or has expired' });
  });

  it('binds the code to its purpose: a sign-in code does not reset a password', async () => {
    const { email } = await t.register();
    const code = await mailedCode(email);
    const reset = await t.api(forgetPwdSubmit, {
      email,
      code,
      password: 'An0ther-secret',
      confirmPassword: 'An0ther-secret',
    });
    expect(reset.status).toBe(422);
    expect((await t.api(loginByCode, { username: email, code }, newAddress())).status).toBe(200);
  });

  it('refuses frozen accounts with 403 but lets an account with a locked password in by code', async () => {
    const frozen = await t.register();
    await setStatus(t, frozen.userId, 'frozen');
    const code = await mailedCode(frozen.email);
    expect((await t.api(loginByCode, { username: frozen.email, code }, newAddress())).status).toBe(403);

    const locked = await t.register();
    const until = new Date(t.ctx.now().getTime() + 120_000);
    await t.ctx.database.db
      .update(accounts)
      .set({ lockedUntil: until })
      .where(eq(accounts.id, locked.userId));
    const lockedCode = await mailedCode(locked.email);
    const answer = await t.api(loginByCode, { username: locked.email, code: lockedCode }, newAddress());
    expect(answer.status).toBe(200);
  });
});
