import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepNeeded } from '@contract/auth';
import { loginByCode, loginByGoogle, loginCode, loginPwd } from '@contract/auth';
import { loginLog, operateLog } from '@contract/logs';
import { loginLogs } from '../../../db/schema';
import { googleCodeAt } from '../../../lib/totp';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { MAX_GOOGLE_TRIES, TICKET_TTL_SECONDS } from './signin-tickets';
import { bindGoogle, newAddress, setStatus, TRUSTED_PROXY } from '../../../testing/auth';

const KIOSK_BASIC = `Basic ${Buffer.from('kiosk:kiosk-secret').toString('base64')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...TRUSTED_PROXY, OAUTH_CLIENTS: 'kiosk:kiosk-secret' });
});
afterAll(async () => t.close());

/** A registered account with Google Authenticator bound, signed in up to the 428. */
async function passwordStep() {
  const account = await t.register();
  const secret = await bindGoogle(t, account.userId);
  const answer = await t.api(loginPwd, { username: account.email, password: account.password }, newAddress());
  expect(answer.status).toBe(428);
  return { ...account, secret, step: answer.body.data as Extract<StepNeeded, { need: 'google' }> };
}

/** The phone's current code. Each step's code is accepted once, so tests move to a fresh step first. */
function phoneCode(secret: string): string {
  t.advance(30_000);
  return googleCodeAt(secret, t.ctx.now());
}

const wrongCode = (right: string) => (right === '000000' ? '000001' : '000000');

describe('Google Authenticator step', () => {
  it('a right password answers 428 with a ticket; the ticket and code complete the sign-in once', async () => {
    const { secret, step, userId } = await passwordStep();
    expect(step).toEqual({ need: 'google', ticket: expect.any(String), expiresIn: TICKET_TTL_SECONDS });
    const answer = await t.api(
      loginByGoogle,
      { ticket: step.ticket, googleCode: phoneCode(secret) },
      newAddress(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ access_token: expect.any(String) });
    const again = await t.api(
      loginByGoogle,
      { ticket: step.ticket, googleCode: phoneCode(secret) },
      newAddress(),
    );
    expect(again.body).toMatchObject({
      code: 422,
      msg: 'The verification step has expired, please sign in again',
    });
    const logs = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.accountId, userId));
    expect(logs.map((l) => [l.method, l.result, l.reason])).toEqual(
      expect.arrayContaining([
        ['password', 'continued', null],
        ['google', 'success', null],
      ]),
    );
    // The first step is not a failure on the customer's log (issue 29 item 17), and is its own filter.
    const token = (answer.body.data as { access_token: string }).access_token;
    const failures = await t.api(loginLog, { result: 'failure' }, { token });
    expect(failures.body.data).toMatchObject({ total: 0 });
    const firstSteps = await t.api(loginLog, { result: 'continued' }, { token });
    expect(firstSteps.body.data).toMatchObject({
      total: 1,
      data: [{ method: 'password', result: 'continued', reason: null }],
    });
    const operations = await t.api(operateLog, { result: 'continued' as 'success' }, { token });
    expect(operations.body).toMatchObject({ code: 400, data: { fields: ['result'] } });
  });

  it('the 428 message is translated', async () => {
    const account = await t.register();
    await bindGoogle(t, account.userId);
    const zh = await t.api(
      loginPwd,
      { username: account.email, password: account.password },
      { ...newAddress(), lang: 'zh-CN' },
    );
    expect(zh.body).toMatchObject({ code: 428, msg: '请输入谷歌验证码以完成登录' });
  });

  it('follows a sign-in by e-mail code as well', async () => {
    const account = await t.register();
    const secret = await bindGoogle(t, account.userId);
    t.advance(61_000);
    await t.api(loginCode, { email: account.email });
    const code = await t.latestCode(account.email);
    const step = await t.api(loginByCode, { username: account.email, code }, newAddress());
    expect(step.body).toMatchObject({ code: 428, data: { need: 'google' } });
    const { ticket } = step.body.data as { ticket: string };
    expect((await t.api(loginByGoogle, { ticket, googleCode: phoneCode(secret) }, newAddress())).status).toBe(
      200,
    );
  });

  it('5 wrong codes kill the ticket', async () => {
    const { secret, step } = await passwordStep();
    const right = phoneCode(secret);
    for (let i = 0; i < MAX_GOOGLE_TRIES; i++) {
      const wrong = await t.api(
        loginByGoogle,
        { ticket: step.ticket, googleCode: wrongCode(right) },
        newAddress(),
      );
      expect(wrong.status).toBe(422);
    }
    const late = await t.api(loginByGoogle, { ticket: step.ticket, googleCode: right }, newAddress());
    expect(late.body.msg).toBe('The verification step has expired, please sign in again');
  });

  it('a wrong code counts toward the captcha', async () => {
    const { secret, step, email, password } = await passwordStep();
    const right = phoneCode(secret);
    for (let i = 0; i < 3; i++)
      await t.api(loginByGoogle, { ticket: step.ticket, googleCode: wrongCode(right) }, newAddress());
    expect((await t.api(loginPwd, { username: email, password }, newAddress())).body).toMatchObject({
      code: 428,
      data: { need: 'captcha' },
    });
  });

  it('the ticket lives 5 minutes', async () => {
    const { secret, step } = await passwordStep();
    t.advance(TICKET_TTL_SECONDS * 1000);
    const late = await t.api(
      loginByGoogle,
      { ticket: step.ticket, googleCode: phoneCode(secret) },
      newAddress(),
    );
    expect(late.status).toBe(422);
  });

  it('the ticket belongs to the client that asked for it', async () => {
    const { secret, step } = await passwordStep();
    const otherClient = await t.api(
      loginByGoogle,
      { ticket: step.ticket, googleCode: phoneCode(secret) },
      { client: false, headers: { ...newAddress().headers, authorization: KIOSK_BASIC } },
    );
    expect(otherClient.status).toBe(422);
    expect(
      (await t.api(loginByGoogle, { ticket: step.ticket, googleCode: phoneCode(secret) }, newAddress()))
        .status,
    ).toBe(200);
  });

  it('an account frozen during the step cannot finish it', async () => {
    const { secret, step, userId } = await passwordStep();
    await setStatus(t, userId, 'frozen');
    const answer = await t.api(
      loginByGoogle,
      { ticket: step.ticket, googleCode: phoneCode(secret) },
      newAddress(),
    );
    expect(answer.status).toBe(403);
    const [log] = await t.ctx.database.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.accountId, userId), eq(loginLogs.method, 'google')));
    expect(log).toMatchObject({ result: 'failure', reason: 'server:errors.accountInactive' });
  });
});
