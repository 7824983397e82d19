/**
 * The mail queue of signed-out codes (issue 13 §2): whether an address has an account shows neither
 * in the answer nor in an outage; queued mail is sent once, retried, and when it cannot be sent its
 * code is withdrawn so the customer may ask again at once.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPwdCode, loginCode } from '../../contract/auth';
import { emailCodes, mailOutbox, mailQueue } from '../db/schema';
import type { Mail } from '../providers/mail/mail-provider';
import { translate } from './i18n';
import type { TestApp } from '../testing/harness';
import { createTestApp, uniqueEmail } from '../testing/harness';
import {
  drainMailQueue,
  enqueueMail,
  MAIL_ATTEMPTS,
  MAIL_LEASE_MS,
  MAIL_RETRY_MS,
  settleMailQueue,
} from './mail-queue';

const onPostgres = process.env.TEST_DB_KIND === 'postgresql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Runs `body` with the mail server down: every send throws. */
async function withMailDown<T>(body: () => Promise<T>): Promise<T> {
  const send = t.ctx.mail.send.bind(t.ctx.mail);
  t.ctx.mail.send = () => Promise.reject(new Error('SMTP down'));
  try {
    return await body();
  } finally {
    t.ctx.mail.send = send;
  }
}

async function queued(): Promise<number> {
  const [row] = await t.ctx.database.db.select({ n: count() }).from(mailQueue);
  return row?.n ?? 0;
}

async function liveCodes(email: string) {
  return t.ctx.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
}

describe('mail queue', () => {
  it('answers a real and an unknown address alike even while the mail server is down', async () => {
    await settleMailQueue(t.ctx);
    const { email } = await t.register();
    t.advance(61_000);
    const [known, unknown] = await withMailDown(async () => {
      const answers = [
        await t.api(forgetPwdCode, { email }, { lang: 'en' }),
        await t.api(forgetPwdCode, { email: uniqueEmail('nobody') }, { lang: 'en' }),
      ] as const;
      // The request kicks a drain it does not wait for; it must meet the server down, not after.
      await settleMailQueue(t.ctx);
      return answers;
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // The mail waits, sealed: the code is nowhere in the queue in clear.
    const [row] = await t.ctx.database.db.select().from(mailQueue);
    expect(row).toBeDefined();
    expect(JSON.parse(t.ctx.box.open(row!.sealed))).toMatchObject({ to: email });
    const code = /\b(\d{6})\b/.exec((JSON.parse(t.ctx.box.open(row!.sealed)) as Mail).text)![1]!;
    expect(row!.sealed).not.toContain(code);
    // Once the server is back, the next drain sends it and the code works.
    t.advance(MAIL_RETRY_MS[0]!);
    expect(await drainMailQueue(t.ctx)).toMatchObject({ sent: 1 });
    expect(await queued()).toBe(0);
    expect(await t.latestCode(email)).toBe(code);
  });

  it('retries with back-off, then withdraws the code and its counts so asking again works at once', async () => {
    await settleMailQueue(t.ctx);
    const email = (await t.register()).email;
    t.advance(61_000);
    await withMailDown(async () => {
      expect((await t.api(loginCode, { email })).status).toBe(200);
      await settleMailQueue(t.ctx);
      expect(await liveCodes(email)).toHaveLength(2); // the sign-up code, spent, and this one
      for (let attempt = 2; attempt <= MAIL_ATTEMPTS; attempt += 1) {
        // Not due before its back-off has passed.
        expect(await drainMailQueue(t.ctx)).toEqual({ sent: 0, retry: 0, dropped: 0, stale: 0 });
        t.advance(MAIL_RETRY_MS[attempt - 2]!);
        expect(await drainMailQueue(t.ctx)).toEqual(
          attempt < MAIL_ATTEMPTS
            ? { sent: 0, retry: 1, dropped: 0, stale: 0 }
            : { sent: 0, retry: 0, dropped: 1, stale: 0 },
        );
      }
    });
    expect(await queued()).toBe(0);
    expect((await liveCodes(email)).filter((c) => c.purpose === 'login')).toHaveLength(0);
    // No minute's wait: the mail never left, so it did not count.
    const again = await t.api(loginCode, { email });
    expect(again.status).toBe(200);
    expect(await t.latestCode(email)).toMatch(/^\d{6}$/);
  });

  it('after an outage delivers only the live code: a queued mail whose code was replaced is dropped', async () => {
    await settleMailQueue(t.ctx);
    const email = (await t.register()).email;
    t.advance(61_000);
    const codeIn = (row: typeof mailQueue.$inferSelect) =>
      /\b(\d{6})\b/.exec((JSON.parse(t.ctx.box.open(row.sealed)) as Mail).text)![1]!;
    const newCode = await withMailDown(async () => {
      expect((await t.api(loginCode, { email })).status).toBe(200);
      await settleMailQueue(t.ctx);
      expect(await queued()).toBe(1);
      // The customer asks again while the mail server is still down: a new code replaces the old.
      t.advance(61_000);
      expect((await t.api(loginCode, { email })).status).toBe(200);
      const rows = await t.ctx.database.db.select().from(mailQueue);
      const newest = rows.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
      await settleMailQueue(t.ctx);
      return codeIn(newest);
    });
    // Recovery: the old mail (if still queued) is dropped, the live one goes out.
    t.advance(MAIL_RETRY_MS[1]!);
    await drainMailQueue(t.ctx);
    expect(await queued()).toBe(0);
    const sent = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const loginMails = sent.filter((m) => m.subject === translate('en', 'server:mail.login.subject'));
    expect(loginMails.map((m) => /\b(\d{6})\b/.exec(m.text)![1])).toEqual([newCode]);
    expect(await t.latestCode(email)).toBe(newCode);
  });

  it('drops a queued mail whose code expired before the mail server came back', async () => {
    await settleMailQueue(t.ctx);
    const email = (await t.register()).email;
    t.advance(61_000);
    await withMailDown(async () => {
      expect((await t.api(loginCode, { email })).status).toBe(200);
      await settleMailQueue(t.ctx);
    });
    expect(await queued()).toBe(1);
    t.advance(11 * 60_000); // past the code's 10 minutes
    expect(await drainMailQueue(t.ctx)).toEqual({ sent: 0, retry: 0, dropped: 0, stale: 1 });
    expect(await queued()).toBe(0);
  });

  it('sends a mail whose sender died mid-send again once its lease has run out', async () => {
    await settleMailQueue(t.ctx);
    const to = uniqueEmail('lease');
    await enqueueMail(t.ctx.database.db, t.ctx, { to, subject: 's', text: 'lease test', html: '<p>x</p>' });
    // A sender claims it and dies before sending: the claim is all that happened.
    const neverFinishes = new Promise<void>(() => {});
    const send = t.ctx.mail.send.bind(t.ctx.mail);
    let sendStarted!: () => void;
    const claimed = new Promise<void>((resolve) => (sendStarted = resolve));
    t.ctx.mail.send = () => {
      sendStarted();
      return neverFinishes;
    };
    void drainMailQueue(t.ctx);
    await claimed; // the claim committed before the send began
    t.ctx.mail.send = send;
    expect(await drainMailQueue(t.ctx)).toMatchObject({ sent: 0 });
    t.advance(MAIL_LEASE_MS);
    expect(await drainMailQueue(t.ctx)).toMatchObject({ sent: 1 });
    const mails = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(mails).toHaveLength(1);
  });

  it.runIf(onPostgres)('sends each mail once when several processes drain at the same time', async () => {
    await settleMailQueue(t.ctx);
    const tag = uniqueEmail('many');
    for (let i = 0; i < 30; i += 1)
      await enqueueMail(t.ctx.database.db, t.ctx, { to: `${i}.${tag}`, subject: 's', text: 't', html: 'h' });
    const results = await Promise.all([1, 2, 3, 4].map(() => drainMailQueue(t.ctx)));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    const sent = await t.ctx.database.db.select({ to: mailOutbox.to }).from(mailOutbox);
    const ours = sent.filter((m) => m.to.endsWith(tag));
    expect(ours).toHaveLength(30);
    expect(new Set(ours.map((m) => m.to)).size).toBe(30);
  });
});
