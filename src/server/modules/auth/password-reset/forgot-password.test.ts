import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '@contract/auth';
import {
  forgetPwdCode,
  forgetPwdSubmit,
  loginPwd,
  logout,
  refreshToken,
  signup,
  signupCode,
} from '@contract/auth';
import { accounts, mailOutbox, operationLogs } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../../testing/harness';
import { mailsTo, newAddress, TRUSTED_PROXY } from '../../../testing/auth';

const NEW_PASSWORD = 'Brand-new-pass-2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(TRUSTED_PROXY);
});
afterAll(async () => t.close());

async function resetCode(email: string): Promise<string> {
  t.advance(61_000);
  expect((await t.api(forgetPwdCode, { email })).status).toBe(200);
  return t.latestCode(email);
}

const submit = (email: string, code: string, lang: 'en' | 'zh-CN' = 'en') =>
  t.api(forgetPwdSubmit, { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { lang });

describe('forgotten password', () => {
  it('answers unknown and registered addresses alike, mailing only the account', async () => {
    const { email } = await t.register();
    const stranger = uniqueEmail('stranger');
    t.advance(61_000);
    const known = await t.api(forgetPwdCode, { email });
    const unknown = await t.api(forgetPwdCode, { email: stranger });
    expect(known.body).toEqual({ ...unknown.body });
    expect(await mailsTo(t, email, 'Reset your Card Portal password')).toBe(1);
    expect(await mailsTo(t, stranger)).toBe(0);
    const guessed = await submit(stranger, '123456');
    expect(guessed.body).toMatchObject({ code: 422, msg: 'The verification code is wrong or has expired' });
  });

  it('sets the new password, revokes every session and mails a notice', async () => {
    const { email, password, userId } = await t.register();
    const phone = await t.signIn(email, password);
    const laptop = await t.signIn(email, password);
    const answer = await submit(email, await resetCode(email));
    expect(answer.body).toMatchObject({ code: 200, data: null });
    for (const session of [phone, laptop]) {
      expect((await t.api(logout, {}, { token: session.access_token })).status).toBe(401);
      const refreshed = await t.api(refreshToken, {
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
      });
      expect(refreshed.body.code).toBe(610);
    }
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).status).toBe(422);
    expect((await t.api(loginPwd, { username: email, password: NEW_PASSWORD }, newAddress())).status).toBe(
      200,
    );
    const [notice] = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your Card Portal password was changed'));
    expect(notice?.to).toBe(email);
    expect(notice?.text).toContain('signed out');
    const logs = await t.ctx.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.accountId, userId));
    expect(logs).toContainEqual(
      expect.objectContaining({ action: 'auth.forgetPwdSubmit', result: 'success' }),
    );
  });

  it('writes the notice in the language the account signed up in', async () => {
    const email = uniqueEmail('zh');
    await t.api(signupCode, { email }, { lang: 'zh-CN' });
    const signupCodeValue = await t.latestCode(email);
    const made = await t.api(
      signup,
      { email, code: signupCodeValue, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
      { lang: 'zh-CN' },
    );
    expect(made.status).toBe(200);
    // The user asks in English this time; the notice still follows the account's language.
    expect((await submit(email, await resetCode(email), 'en')).status).toBe(200);
    const mails = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((m) => m.subject)).toContain('您的 Card Portal 密码已修改');
  });

  it('clears the failure count and the lock', async () => {
    const { email, userId } = await t.register();
    const lockedUntil = new Date(t.ctx.now().getTime() + 20 * 60_000);
    await t.ctx.database.db
      .update(accounts)
      .set({ failedPasswords: 0, lockedUntil })
      .where(eq(accounts.id, userId));
    expect((await t.api(loginPwd, { username: email, password: TEST_PASSWORD }, newAddress())).status).toBe(
      423,
    );
    await t.ctx.database.db.update(accounts).set({ failedPasswords: 7 }).where(eq(accounts.id, userId));
    expect((await submit(email, await resetCode(email))).status).toBe(200);
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.id, userId));
    expect(row).toMatchObject({ failedPasswords: 0, lockedUntil: null });
    const signedIn = await t.api(loginPwd, { username: email, password: NEW_PASSWORD }, newAddress());
    expect((signedIn.body.data as Tokens).access_token).toBeTruthy();
  });

  it('takes its code once, for 10 minutes, for this purpose only', async () => {
    const { email } = await t.register();
    const code = await resetCode(email);
    t.advance(10 * 60_000);
    expect((await submit(email, code)).status).toBe(422);
    const fresh = await resetCode(email);
    expect((await submit(email, fresh)).status).toBe(200);
    expect((await submit(email, fresh)).status).toBe(422);
  });

  it('checks the new password like a sign-up does', async () => {
    const { email } = await t.register();
    const answer = await t.api(
      forgetPwdSubmit,
      { email, code: '123456', password: 'short', confirmPassword: 'short' },
      { lang: 'zh-CN' },
    );
    expect(answer.body).toMatchObject({
      code: 400,
      msg: '密码长度为 10 到 64 位',
      data: { fields: ['password'] },
    });
  });
});
