import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepNeeded } from '../../../contract/auth';
import { loginByGoogle, loginPwd, signup, signupCode } from '../../../contract/auth';
import { accounts, signinTickets } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { googleCodeAt } from '../../lib/totp';
import type { TestApp } from '../../testing/harness';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../testing/harness';
import { createAccount } from '../account/create-account';
import { MAX_GOOGLE_TRIES } from './sign-in/signin-tickets';
import { bindGoogle, captchaTicket, newAddress, TRUSTED_PROXY, WRONG_PASSWORD } from '../../testing/auth';

const ATTEMPTS = 20;

async function accountsWith(t: TestApp, email: string): Promise<number> {
  return (await t.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)))
    .length;
}

// PGlite runs one transaction at a time, so only PostgreSQL can show that these races are closed.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')(
  'races (PostgreSQL only: PGlite serialises everything)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(TRUSTED_PROXY);
    });
    afterAll(async () => t.close());

    it(`${ATTEMPTS} concurrent sign-ups with one address and code make exactly one account`, async () => {
      const email = uniqueEmail('race');
      await t.api(signupCode, { email });
      const code = await t.latestCode(email);
      const input = { email, code, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
      const answers = await Promise.all(Array.from({ length: ATTEMPTS }, () => t.api(signup, input)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.every((a) => [200, 409, 422].includes(a.status))).toBe(true);
      expect(await accountsWith(t, email)).toBe(1);
    });

    it(`${ATTEMPTS} concurrent account creations with one address: one account, the rest 409`, async () => {
      const email = uniqueEmail('create-race');
      const results = await Promise.allSettled(
        Array.from({ length: ATTEMPTS }, () => createAccount(t.ctx, { email, password: TEST_PASSWORD })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected')
          expect(r.reason).toMatchObject(new AppError(409, 'server:errors.emailTaken'));
      }
      expect(await accountsWith(t, email)).toBe(1);
    });

    it('one captcha ticket passes the demanded captcha for one request only', async () => {
      const { email, password } = await t.register();
      for (let i = 0; i < 3; i++)
        await t.api(loginPwd, { username: email, password: WRONG_PASSWORD }, newAddress());
      const ticket = await captchaTicket(t);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.api(loginPwd, { username: email, password, captchaTicket: ticket }, newAddress()),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    });

    it('concurrent Google codes on one ticket: at most 5 are checked, then it is dead', async () => {
      const account = await t.register();
      const secret = await bindGoogle(t, account.userId);
      const step = (
        await t.api(loginPwd, { username: account.email, password: account.password }, newAddress())
      ).body.data as Extract<StepNeeded, { need: 'google' }>;
      const right = googleCodeAt(secret, t.ctx.now());
      const wrong = right === '000000' ? '000001' : '000000';
      await Promise.all(
        Array.from({ length: ATTEMPTS }, () =>
          t.api(loginByGoogle, { ticket: step.ticket, googleCode: wrong }, newAddress()),
        ),
      );
      const [row] = await t.ctx.database.db
        .select({ attempts: signinTickets.attempts })
        .from(signinTickets)
        .where(and(eq(signinTickets.ticketHash, sha256(step.ticket))));
      expect(row?.attempts).toBe(MAX_GOOGLE_TRIES);
      expect(
        (await t.api(loginByGoogle, { ticket: step.ticket, googleCode: right }, newAddress())).status,
      ).toBe(422);
    });

    it('concurrent wrong passwords cannot slip past the lock', async () => {
      const { email, password, userId } = await t.register();
      const tickets = await Promise.all(Array.from({ length: ATTEMPTS }, () => captchaTicket(t)));
      await Promise.all(
        tickets.map((captchaTicket) =>
          t.api(loginPwd, { username: email, password: WRONG_PASSWORD, captchaTicket }, newAddress()),
        ),
      );
      const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.id, userId));
      expect(row?.lockedUntil).not.toBeNull();
      const locked = await t.api(
        loginPwd,
        { username: email, password, captchaTicket: await captchaTicket(t) },
        newAddress(),
      );
      expect(locked.status).toBe(423);
    });
  },
);
