import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '@contract/auth';
import { loginPwd } from '@contract/auth';
import { accounts, loginLogs, signinFailures } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, uniqueEmail } from '../../../testing/harness';
import { LOCK_SECONDS, MAX_WRONG_PASSWORDS } from '../password-lock';
import { captchaTicket, newAddress, setStatus, TRUSTED_PROXY, WRONG_PASSWORD } from '../../../testing/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(TRUSTED_PROXY);
});
afterAll(async () => t.close());

const CAPTCHA_NEEDED = {
  code: 428,
  msg: 'Please complete the security check first',
  data: { need: 'captcha' },
};

async function accountRow(id: string) {
  const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

describe('sign-in by password', () => {
  it('answers tokens and writes a success row in the login log', async () => {
    const { email, password, userId } = await t.register();
    const from = newAddress();
    const before = t.ctx.now().getTime();
    const answer = await t.api(loginPwd, { username: email, password }, from);
    expect(answer.status).toBe(200);
    const tokens = answer.body.data as Tokens;
    expect(tokens.access_token.length).toBeGreaterThanOrEqual(43);
    expect(tokens.refresh_token.length).toBeGreaterThanOrEqual(43);
    expect(tokens.access_overtime).toBeGreaterThanOrEqual(before + 30 * 60_000);
    const [log] = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.accountId, userId));
    expect(log).toMatchObject({
      method: 'password',
      result: 'success',
      reason: null,
      ip: from.headers['x-forwarded-for'],
      device: from.headers['user-agent'],
    });
  });

  it('answers a wrong password and an unknown address alike, and logs both', async () => {
    const { email, userId } = await t.register();
    const wrong = await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress());
    const stranger = uniqueEmail('nobody');
    const unknown = await t.api(loginPwd, { username: stranger, password: WRONG_PASSWORD }, newAddress());
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ ...unknown.body });
    expect(wrong.body.msg).toBe('Wrong e-mail or password');
    const zh = await t.api(
      loginPwd,
      { username: stranger, password: WRONG_PASSWORD },
      { ...newAddress(), lang: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('邮箱或密码错误');
    const [log] = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.accountId, userId));
    expect(log).toMatchObject({
      method: 'password',
      result: 'failure',
      reason: 'server:auth.badCredentials',
    });
  });

  it('validates the form in the caller language and lists the fields', async () => {
    const en = await t.api(loginPwd, { username: 'not-an-address', password: '' }, newAddress());
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, msg: 'Please enter the correct Email' });
    expect((en.body.data as { fields: string[] }).fields.sort()).toEqual(['password', 'username']);
    const zh = await t.api(
      loginPwd,
      { username: 'not-an-address', password: 'x' },
      { ...newAddress(), lang: 'zh-CN' },
    );
    expect(zh.body).toMatchObject({ code: 400, msg: '请输入正确的邮箱', data: { fields: ['username'] } });
  });

  it('refuses a wrong client with 401', async () => {
    const { email, password } = await t.register();
    const badClient = `Basic ${Buffer.from('kiosk:wrong').toString('base64')}`;
    const answer = await t.api(
      loginPwd,
      { username: email, password },
      { client: false, headers: { authorization: badClient } },
    );
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe('Unknown client');
    expect((await t.api(loginPwd, { username: email, password }, { client: false })).status).toBe(401);
  });

  it('refuses frozen and cancelled accounts with 403, but only after the right password', async () => {
    const { email, password, userId } = await t.register();
    await setStatus(t, userId, 'frozen');
    const frozen = await t.api(loginPwd, { username: email, password }, newAddress());
    expect(frozen.body).toMatchObject({ code: 403, msg: 'This account is frozen or closed' });
    expect((await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress())).status).toBe(
      422,
    );
    await setStatus(t, userId, 'cancelled');
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).status).toBe(403);
  });
});

describe('captcha after 3 failures in 15 minutes', () => {
  it('is demanded for an account failed from several addresses', async () => {
    const { email, password, userId } = await t.register();
    for (let i = 0; i < 3; i++)
      await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress());
    const asked = await t.api(loginPwd, { username: email, password }, newAddress());
    expect(asked.status).toBe(428);
    expect(asked.body).toMatchObject(CAPTCHA_NEEDED);
    const [log] = await t.ctx.database.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.accountId, userId))
      .orderBy(desc(loginLogs.createdAt))
      .limit(1);
    expect(log).toMatchObject({ result: 'failure', reason: 'server:auth.captchaRequired' });
    const solved = await t.api(
      loginPwd,
      { username: email, password, captchaTicket: await captchaTicket(t) },
      newAddress(),
    );
    expect(solved.status).toBe(200);
    // A success clears the account's count.
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).status).toBe(200);
  });

  it('is demanded for an address that failed on several accounts, and only for it', async () => {
    const from = newAddress();
    for (let i = 0; i < 3; i++) {
      const { email } = await t.register();
      await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, from);
    }
    const { email, password } = await t.register();
    expect((await t.api(loginPwd, { username: email, password }, from)).body).toMatchObject(CAPTCHA_NEEDED);
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).status).toBe(200);
  });

  it('counts unknown addresses against the client address', async () => {
    const from = newAddress();
    for (let i = 0; i < 3; i++)
      await t.api(loginPwd, { username: uniqueEmail('ghost'), password: WRONG_PASSWORD }, from);
    const { email, password } = await t.register();
    expect((await t.api(loginPwd, { username: email, password }, from)).status).toBe(428);
  });

  it('is demanded for an unknown address failed from several places, as for a real one (issue 29 §10)', async () => {
    const { email } = await t.register();
    const ghost = uniqueEmail('ghost');
    for (const username of [email, ghost])
      for (let i = 0; i < 3; i++) await t.api(loginPwd, { username, password: WRONG_PASSWORD }, newAddress());
    const real = await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress());
    const unknown = await t.api(loginPwd, { username: ghost, password: WRONG_PASSWORD }, newAddress());
    expect(real.body).toMatchObject(CAPTCHA_NEEDED);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: real.status, body: real.body });
  });

  it('is not demanded once the failures are older than 15 minutes', async () => {
    const { email, password } = await t.register();
    for (let i = 0; i < 3; i++)
      await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress());
    t.advance(15 * 60_000 + 1000);
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).status).toBe(200);
  });

  it('takes each proof once; a wrong captcha is 422 and no password failure', async () => {
    const { email, password, userId } = await t.register();
    for (let i = 0; i < 3; i++)
      await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress());
    const failuresBefore = await t.ctx.database.db
      .select()
      .from(signinFailures)
      .where(eq(signinFailures.subject, `account:${userId}`));
    const ticket = await captchaTicket(t);
    const first = await t.api(
      loginPwd,
      { username: email, password: WRONG_PASSWORD, captchaTicket: ticket },
      newAddress(),
    );
    expect(first.body.msg).toBe('Wrong e-mail or password');
    const reused = await t.api(loginPwd, { username: email, password, captchaTicket: ticket }, newAddress());
    expect(reused.body).toMatchObject({
      code: 422,
      msg: 'The security check answer is wrong or has expired, please try a new one',
    });
    const forged = await t.api(
      loginPwd,
      { username: email, password, captchaTicket: 'forged.ticket' },
      newAddress(),
    );
    expect(forged.status).toBe(422);
    const image = await t.api(
      loginPwd,
      { username: email, password, captchaId: 'no-such-id', captchaCode: 'abcd' },
      newAddress(),
    );
    expect(image.status).toBe(422);
    const zh = await t.api(
      loginPwd,
      { username: email, password, captchaTicket: ticket },
      { ...newAddress(), lang: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('安全验证答案错误或已过期，请重新获取');
    // Only the one real wrong password was counted.
    expect((await accountRow(userId)).failedPasswords).toBe(4);
    const failuresAfter = await t.ctx.database.db
      .select()
      .from(signinFailures)
      .where(eq(signinFailures.subject, `account:${userId}`));
    expect(failuresAfter.length).toBe(failuresBefore.length + 1);
    expect(
      (
        await t.api(
          loginPwd,
          { username: email, password, captchaTicket: await captchaTicket(t) },
          newAddress(),
        )
      ).status,
    ).toBe(200);
  });
});

describe('lock after 10 wrong passwords', () => {
  /** Wrong passwords with a fresh captcha each, as a determined guesser would send them. */
  async function guess(email: string, times: number) {
    let last = null;
    for (let i = 0; i < times; i++) {
      last = await t.api(
        loginPwd,
        { username: email, password: WRONG_PASSWORD, captchaTicket: await captchaTicket(t) },
        newAddress(),
      );
    }
    return last!;
  }

  it('locks for 30 minutes with retryAfter, refusing even the right password, then lets it in', async () => {
    const { email, password, userId } = await t.register();
    const ninth = await guess(email, MAX_WRONG_PASSWORDS - 1);
    expect(ninth.status).toBe(422);
    const tenth = await guess(email, 1);
    expect(tenth.status).toBe(423);
    expect(tenth.body.data).toEqual({ retryAfter: LOCK_SECONDS });
    expect(tenth.body.msg).toBe('Too many failed attempts. Try again in 30 minutes');
    t.advance(10 * 60_000);
    const locked = await t.api(
      loginPwd,
      { username: email, password, captchaTicket: await captchaTicket(t) },
      newAddress(),
    );
    expect(locked.status).toBe(423);
    expect(locked.body.data).toEqual({ retryAfter: LOCK_SECONDS - 600 });
    const [log] = await t.ctx.database.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.accountId, userId), eq(loginLogs.reason, 'server:errors.locked')));
    expect(log).toBeDefined();
    t.advance(20 * 60_000);
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).status).toBe(200);
    expect(await accountRow(userId)).toMatchObject({ failedPasswords: 0, lockedUntil: null });
  });

  it('an unknown address answers exactly like a real one: 422 nine times, then 423 with the same wait', async () => {
    const real = await t.register();
    const nobody = uniqueEmail('nobody');
    for (const email of [real.email, nobody]) {
      expect((await guess(email, MAX_WRONG_PASSWORDS - 1)).status).toBe(422);
      const tenth = await guess(email, 1);
      expect(tenth.status).toBe(423);
      expect(tenth.body.data).toEqual({ retryAfter: LOCK_SECONDS });
    }
  });

  it('starts counting afresh after a success', async () => {
    const { email, password, userId } = await t.register();
    await guess(email, MAX_WRONG_PASSWORDS - 1);
    expect((await accountRow(userId)).failedPasswords).toBe(MAX_WRONG_PASSWORDS - 1);
    expect(
      (
        await t.api(
          loginPwd,
          { username: email, password, captchaTicket: await captchaTicket(t) },
          newAddress(),
        )
      ).status,
    ).toBe(200);
    expect((await accountRow(userId)).failedPasswords).toBe(0);
    expect((await guess(email, 1)).status).toBe(422);
  });
});
