/**
 * Sending limits of mail codes (issue 13 §2): they throttle whoever asks, never leave the owner of
 * an address without codes, and a failed send costs nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentGetCode } from '../../contract/agent';
import { forgetPwdCode, loginCode, signupCode } from '../../contract/auth';
import { emailCodes } from '../db/schema';
import type { TestApp } from '../testing/harness';
import { createTestApp, uniqueEmail } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { RESEND_STEPS, SOURCE_LIMIT } from './mail-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function codeRows(email: string) {
  return t.ctx.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
}

describe('mail code limits', () => {
  it('a stranger flooding one purpose of an address leaves the other purposes free (no shared daily quota)', async () => {
    const victim = (await t.register()).email;
    t.advance(3600_000);
    // Twelve sign-up code requests for the victim's address, as fast as the limits allow.
    for (let i = 0; i < 12; i++) {
      await t.api(signupCode, { email: victim });
      t.advance(61_000);
    }
    t.advance(16 * 60_000);
    expect((await t.api(loginCode, { email: victim })).status).toBe(200);
    expect((await t.api(forgetPwdCode, { email: victim })).status).toBe(200);
  });

  it('backs off per address and purpose: a minute for the first codes of an hour, then longer', async () => {
    const email = uniqueEmail('backoff');
    const quick = RESEND_STEPS.filter((s) => s === 60).length;
    // After the n-th code of the hour the wait is RESEND_STEPS[n - 1].
    for (let i = 0; i <= quick; i++) {
      expect((await t.api(signupCode, { email })).status).toBe(200);
      t.advance(61_000);
    }
    const hasty = await t.api(signupCode, { email });
    expect(hasty.status).toBe(429);
    expect((hasty.body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(60);
    t.advance(RESEND_STEPS[quick]! * 1000);
    expect((await t.api(signupCode, { email })).status).toBe(200);
  });

  it(`allows ${SOURCE_LIMIT} signed-out code requests per source address in 15 minutes, then 429`, async () => {
    t.advance(16 * 60_000);
    for (let i = 0; i < SOURCE_LIMIT; i++)
      expect((await t.api(signupCode, { email: uniqueEmail('spray') })).status).toBe(200);
    const next = await t.api(signupCode, { email: uniqueEmail('spray') });
    expect(next.status).toBe(429);
    t.advance(16 * 60_000);
    expect((await t.api(signupCode, { email: uniqueEmail('spray') })).status).toBe(200);
  });

  it('a failed send of a signed-in code answers a translated "try again", stores no code and counts nothing', async () => {
    const me = await signedInAccount(t);
    const send = t.ctx.mail.send.bind(t.ctx.mail);
    t.ctx.mail.send = () => Promise.reject(new Error('SMTP down'));
    try {
      const failed = await t.api(agentGetCode, {}, { token: me.token, lang: 'en' });
      expect(failed.body).toMatchObject({
        code: 500,
        msg: 'The code could not be sent. Please try again in a moment',
      });
      const zh = await t.api(agentGetCode, {}, { token: me.token, lang: 'zh-CN' });
      expect(zh.body.msg).toBe('验证码发送失败，请稍后重试');
      expect(await codeRows(me.email)).toHaveLength(0);
    } finally {
      t.ctx.mail.send = send;
    }
    // At once, with no cooldown: the failures did not count.
    expect((await t.api(agentGetCode, {}, { token: me.token })).status).toBe(200);
    expect(await codeRows(me.email)).toHaveLength(1);
  });
});
