/**
 * Issue 29 §9: every limit is one atomic claim, taken before judging. Each race fires a burst of
 * ATTEMPTS at once and counts how many were judged (answered as a judged try: 422, or 200) against
 * how many were turned away by the limit (429/428/423). Before the claims, every one was judged.
 * PGlite runs one statement at a time, so the races run on PostgreSQL only (CI sets it).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGoogleCode, stepUp } from '../../contract/account';
import { inviterOfCode } from '../../contract/agent';
import { loginByCode, loginCode, loginPwd, verifyCaptcha } from '../../contract/auth';
import { accounts, paymentCallbacks } from '../db/schema';
import { CAPTCHA_AFTER_FAILURES } from '../modules/auth/signin-failures';
import { MAX_WRONG_PASSWORDS } from '../modules/auth/password-lock';
import { storeCaptcha } from '../modules/auth/captcha/captcha-store';
import { WRONG_CAPTCHA_LIMIT } from '../modules/auth/captcha/captcha-guesses';
import { INVITER_LOOKUPS } from '../modules/agent/invitations/read-inviter';
import { bindGoogle, captchaTicket, newAddress, TRUSTED_PROXY, WRONG_PASSWORD } from '../testing/auth';
import type { Answer, TestApp } from '../testing/harness';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { newId } from './crypto';
import { SOURCE_LIMIT, SOURCE_WRONG_LIMIT } from './mail-codes';
import { STEP_UP_WRONG_LIMIT } from './step-up';
import { GOOGLE_WRONG_LIMIT, googleCodeAt } from './totp';
import { UNSIGNED_PER_SOURCE } from './unsigned-callbacks';

const ATTEMPTS = 30;

function tally(answers: Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.body.code] = (out[a.body.code] ?? 0) + 1;
  return out;
}

const burst = (make: (i: number) => Promise<Answer>) =>
  Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => make(i)));

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')(
  `${ATTEMPTS} at once: only the limit is judged (PostgreSQL only: PGlite serialises everything)`,
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(TRUSTED_PROXY);
    });
    afterAll(async () => t.close());

    it(`stepUp with one stolen token: ${STEP_UP_WRONG_LIMIT} wrong passwords judged, the rest 429`, async () => {
      const me = await signedInAccount(t);
      const answers = await burst(() =>
        t.api(stepUp, { purpose: 'card_reveal', password: WRONG_PASSWORD }, { token: me.token }),
      );
      expect(tally(answers)).toEqual({ 422: STEP_UP_WRONG_LIMIT, 429: ATTEMPTS - STEP_UP_WRONG_LIMIT });
      // The right password then waits too: the window is full.
      const right = await t.api(
        stepUp,
        { purpose: 'card_reveal', password: TEST_PASSWORD },
        { token: me.token },
      );
      expect(right.body.code).toBe(429);
    });

    it(`captcha answers from one address: ${WRONG_CAPTCHA_LIMIT} judged, the rest 429`, async () => {
      const from = newAddress();
      const ids = await Promise.all(
        Array.from({ length: ATTEMPTS }, async () => {
          const id = newId();
          await storeCaptcha(t.ctx, 'math', id, '150');
          return id;
        }),
      );
      const answers = await burst((i) => t.api(verifyCaptcha, { captchaId: ids[i]!, answer: '21' }, from));
      expect(tally(answers)).toEqual({ 422: WRONG_CAPTCHA_LIMIT, 429: ATTEMPTS - WRONG_CAPTCHA_LIMIT });
    });

    it(`password sign-ins: ${CAPTCHA_AFTER_FAILURES} judged before the captcha, the rest 428`, async () => {
      const { email } = await t.register();
      const answers = await burst(() =>
        t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress()),
      );
      expect(tally(answers)).toEqual({ 422: CAPTCHA_AFTER_FAILURES, 428: ATTEMPTS - CAPTCHA_AFTER_FAILURES });
    });

    it(`password lock: ${MAX_WRONG_PASSWORDS} judged (the tenth locks), the rest 423 unjudged`, async () => {
      const { email, userId } = await t.register();
      const tickets = await Promise.all(Array.from({ length: ATTEMPTS }, () => captchaTicket(t)));
      const answers = await burst((i) =>
        t.api(
          loginPwd,
          { username: email, password: WRONG_PASSWORD, captchaTicket: tickets[i]! },
          newAddress(),
        ),
      );
      // Nine answered "wrong", the tenth "wrong, now locked", twenty refused by the lock.
      expect(tally(answers)).toEqual({
        422: MAX_WRONG_PASSWORDS - 1,
        423: ATTEMPTS - MAX_WRONG_PASSWORDS + 1,
      });
      const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.id, userId));
      expect(row?.lockedUntil).not.toBeNull();
    });

    it(`an unknown address locks alike: ${MAX_WRONG_PASSWORDS - 1} answered wrong, the rest 423`, async () => {
      const email = uniqueEmail('nobody-race');
      const tickets = await Promise.all(Array.from({ length: ATTEMPTS }, () => captchaTicket(t)));
      const answers = await burst((i) =>
        t.api(
          loginPwd,
          { username: email, password: WRONG_PASSWORD, captchaTicket: tickets[i]! },
          newAddress(),
        ),
      );
      expect(tally(answers)).toEqual({
        422: MAX_WRONG_PASSWORDS - 1,
        423: ATTEMPTS - MAX_WRONG_PASSWORDS + 1,
      });
    });

    it(`Google codes with one session: ${GOOGLE_WRONG_LIMIT} judged, the rest 429`, async () => {
      const me = await signedInAccount(t);
      const secret = await bindGoogle(t, me.accountId);
      const right = googleCodeAt(secret, t.ctx.now());
      const wrong = right === '000000' ? '000001' : '000000';
      const answers = await burst(() => t.api(checkGoogleCode, { googleCode: wrong }, { token: me.token }));
      expect(tally(answers)).toEqual({ 422: GOOGLE_WRONG_LIMIT, 429: ATTEMPTS - GOOGLE_WRONG_LIMIT });
    });

    it(`sign-in codes guessed from one address at many accounts: ${SOURCE_WRONG_LIMIT} judged, the rest 429`, async () => {
      const from = newAddress();
      const emails = Array.from({ length: ATTEMPTS }, () => uniqueEmail('code-guess'));
      const answers = await burst((i) => t.api(loginByCode, { username: emails[i]!, code: '123456' }, from));
      expect(tally(answers)).toEqual({ 422: SOURCE_WRONG_LIMIT, 429: ATTEMPTS - SOURCE_WRONG_LIMIT });
    });

    it(`sign-in codes asked from one address for many addresses: ${SOURCE_LIMIT} sent, the rest 429`, async () => {
      const from = newAddress();
      const answers = await burst(() => t.api(loginCode, { email: uniqueEmail('code-ask') }, from));
      expect(tally(answers)).toEqual({ 200: SOURCE_LIMIT, 429: ATTEMPTS - SOURCE_LIMIT });
    });

    it(`invitation codes looked up from one address: ${INVITER_LOOKUPS} judged, the rest 429`, async () => {
      const from = newAddress();
      const answers = await burst((i) => t.api(inviterOfCode, { code: String(900000 + i) }, from));
      const judged = answers.filter((a) => a.body.code !== 429).length;
      expect(judged).toBe(INVITER_LOOKUPS);
      expect(answers.every((a) => [200, 422, 429].includes(a.body.code))).toBe(true);
    });

    it(`unsigned callbacks from one address: ${UNSIGNED_PER_SOURCE} stored, all answered alike`, async () => {
      const from = newAddress().headers;
      const marker = `unsigned-${newId()}`;
      const answers = await Promise.all(
        Array.from({ length: UNSIGNED_PER_SOURCE + 10 }, (_, i) =>
          t.raw('/api/pay/notify/wechat', {
            method: 'POST',
            headers: { ...from, 'content-type': 'application/json' },
            body: JSON.stringify({ orderId: marker, eventId: `${marker}-${i}` }),
          }),
        ),
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([401]));
      const [stored] = await t.ctx.database.db
        .select({ n: count() })
        .from(paymentCallbacks)
        .where(eq(paymentCallbacks.orderId, marker));
      expect(stored?.n).toBe(UNSIGNED_PER_SOURCE);
    });
  },
);
