import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCode, signup, signupCode } from '@contract/auth';
import { accounts, operationLogs, ledgerAccounts } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../../testing/harness';
import { createAccount } from '../../account/create-account';
import { mailsTo } from '../../../testing/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const form = (email: string, code: string, extra: { inviteCode?: string } = {}) => ({
  email,
  code,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  ...extra,
});

/** Ask for a code and read it from the outbox; then step past the one-a-minute limit. */
async function codeFor(email: string): Promise<string> {
  const sent = await t.api(signupCode, { email });
  expect(sent.body).toMatchObject({ code: 200, data: { expiresIn: 600, resendIn: 60 } });
  t.advance(61_000);
  return t.latestCode(email.toLowerCase());
}

/** An invitation code that no account in this database holds. */
async function unusedInviteCode(): Promise<string> {
  const taken = new Set(
    (await t.ctx.database.db.select({ c: accounts.inviteCode }).from(accounts)).map((r) => r.c),
  );
  let n = 0;
  while (taken.has(String(n).padStart(6, '0'))) n += 1;
  return String(n).padStart(6, '0');
}

describe('sign-up', () => {
  it('creates the account with CNY and USD wallets at zero and logs the operation under it', async () => {
    const email = uniqueEmail('new');
    const made = await t.api(signup, form(email, await codeFor(email)));
    expect(made.status).toBe(200);
    const { userId } = made.body.data as { userId: string };
    const wallets = await t.ctx.database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.accountId, userId));
    expect(wallets.map((w) => [w.currency, w.balance]).sort()).toEqual([
      ['CNY', 0],
      ['USD', 0],
    ]);
    const logs = await t.ctx.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.accountId, userId));
    expect(logs).toMatchObject([{ action: 'auth.signup', result: 'success', code: 200 }]);
    // The new account signs in with the password it chose.
    expect((await t.signIn(email, TEST_PASSWORD)).access_token).toBeTruthy();
  });

  it('accepts an address in any case and stores it lower-cased', async () => {
    const email = uniqueEmail('Mixed');
    const code = await codeFor(email.toUpperCase());
    const made = await t.api(signup, form(email.toUpperCase(), code));
    const [row] = await t.ctx.database.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, (made.body.data as { userId: string }).userId));
    expect(row?.email).toBe(email.toLowerCase());
  });

  it('answers a registered address exactly like a new one but mails nothing', async () => {
    const { email } = await t.register();
    const before = await mailsTo(t, email);
    t.advance(61_000);
    const known = await t.api(signupCode, { email });
    const fresh = await t.api(signupCode, { email: uniqueEmail('fresh') });
    expect(known.status).toBe(fresh.status);
    expect(known.body).toEqual({ ...fresh.body });
    expect(await mailsTo(t, email)).toBe(before);
  });

  it('refuses the same address twice with 409', async () => {
    const email = uniqueEmail('twice');
    const code = await codeFor(email);
    // The address gets registered (another tab, another device) between sending and submitting.
    await createAccount(t.ctx, { email, password: TEST_PASSWORD });
    const again = await t.api(signup, form(email, code));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, msg: 'This e-mail is already registered' });
  });

  it('refuses an unknown invitation code with a clear 422, keeping the mail code usable', async () => {
    const email = uniqueEmail('invited');
    const code = await codeFor(email);
    const inviteCode = await unusedInviteCode();
    const refused = await t.api(signup, form(email, code, { inviteCode }));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      msg: 'This invitation code does not exist',
      data: { fields: ['inviteCode'] },
    });
    const zh = await t.api(signup, form(email, code, { inviteCode }), { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('该邀请码不存在');
    expect((await t.api(signup, form(email, code))).status).toBe(200);
  });

  it('records the inviter of a known invitation code', async () => {
    const inviter = await t.register();
    const [row] = await t.ctx.database.db
      .select({ inviteCode: accounts.inviteCode })
      .from(accounts)
      .where(eq(accounts.id, inviter.userId));
    const email = uniqueEmail('guest');
    const made = await t.api(signup, form(email, await codeFor(email), { inviteCode: row!.inviteCode }));
    const guest = await t.ctx.database.db.query.accounts.findFirst({
      where: (a, { eq: is }) => is(a.email, email),
    });
    expect(made.status).toBe(200);
    expect(guest?.invitedBy).toBe(inviter.userId);
  });

  it('validates in the caller language and lists the fields', async () => {
    const email = uniqueEmail('mismatch');
    const input = { email, code: '123456', password: TEST_PASSWORD, confirmPassword: `${TEST_PASSWORD}x` };
    const en = await t.api(signup, input);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'The two passwords do not match',
      data: { fields: ['confirmPassword'] },
    });
    const zh = await t.api(signup, { ...input, email: 'not-an-address' }, { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('请输入正确的邮箱');
    expect((zh.body.data as { fields: string[] }).fields).toEqual(
      expect.arrayContaining(['email', 'confirmPassword']),
    );
  });
});

describe('the password policy (issue 18 §4)', () => {
  const refusal = async (password: string, lang: 'en' | 'zh-CN' = 'en') => {
    const email = uniqueEmail('weak');
    const code = await codeFor(email);
    const answer = await t.api(
      signup,
      { ...form(email, code), password, confirmPassword: password },
      { lang },
    );
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    return { answer, created: row !== undefined };
  };

  it('refuses fewer than 10 characters, naming the rule, and creates nothing', async () => {
    const { answer, created } = await refusal('Abc-12345');
    expect(answer.body).toMatchObject({
      code: 400,
      msg: 'The password must be 10 to 64 characters',
      data: { fields: ['password'] },
    });
    expect(created).toBe(false);
    const zh = await refusal('12345678', 'zh-CN');
    expect(zh.answer.body.msg).toBe('密码长度为 10 到 64 位');
  });

  it('refuses the most common passwords, in any case, and creates nothing', async () => {
    for (const common of ['1234567890', 'qwertyuiop', 'Password123']) {
      const { answer, created } = await refusal(common);
      expect(answer.body, common).toMatchObject({
        code: 400,
        msg: 'This password is one of the most common ones. Please choose another',
        data: { fields: ['password'] },
      });
      expect(created).toBe(false);
    }
  });

  it('accepts the demo password and a passphrase', async () => {
    for (const good of ['CardPortal#2026', 'correct horse battery']) {
      const email = uniqueEmail('strong');
      const made = await t.api(signup, {
        ...form(email, await codeFor(email)),
        password: good,
        confirmPassword: good,
      });
      expect(made.status, good).toBe(200);
    }
  });

  it('lets an account whose password predates the rule keep signing in with it', async () => {
    const email = uniqueEmail('old');
    await createAccount(t.ctx, { email, password: 'abc12345' });
    expect((await t.signIn(email, 'abc12345')).access_token).toBeTruthy();
  });
});

describe('sign-up codes', () => {
  it('expire after 10 minutes', async () => {
    const email = uniqueEmail('late');
    const code = await codeFor(email);
    t.advance(10 * 60_000);
    const late = await t.api(signup, form(email, code));
    expect(late.body).toMatchObject({ code: 422, msg: 'The verification code is wrong or has expired' });
  });

  it('are single-use', async () => {
    const email = uniqueEmail('once');
    const code = await codeFor(email);
    expect((await t.api(signup, form(email, code))).status).toBe(200);
    const again = await t.api(signup, form(email, code));
    expect(again.body).toMatchObject({ code: 422, msg: 'The verification code is wrong or has expired' });
  });

  it('die after 5 wrong tries, even for the right code afterwards', async () => {
    const email = uniqueEmail('guess');
    const code = await codeFor(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i++)
      expect((await t.api(signup, form(email, wrong))).body.msg).toMatch(/wrong or has expired/);
    expect((await t.api(signup, form(email, wrong))).body).toMatchObject({
      code: 422,
      msg: expect.stringMatching(/Too many wrong tries/),
    });
    expect((await t.api(signup, form(email, code))).body.code).toBe(422);
  });

  it('go out at most once a minute per address, with retryAfter', async () => {
    const email = uniqueEmail('hasty');
    expect((await t.api(signupCode, { email })).status).toBe(200);
    t.advance(20_000);
    const hasty = await t.api(signupCode, { email });
    expect(hasty.status).toBe(429);
    expect(hasty.body.data).toEqual({ retryAfter: 40 });
    t.advance(41_000);
    expect((await t.api(signupCode, { email })).status).toBe(200);
  });

  it('count the minute per purpose: a sign-in code may follow a sign-up code at once', async () => {
    const email = uniqueEmail('purposes');
    expect((await t.api(signupCode, { email })).status).toBe(200);
    expect((await t.api(loginCode, { email })).status).toBe(200);
    expect((await t.api(loginCode, { email })).status).toBe(429);
  });
});
