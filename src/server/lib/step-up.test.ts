import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUp } from '../../contract/account';
import { stepUpTickets, subAccounts } from '../db/schema';
import { bindGoogle } from '../testing/auth';
import type { TestApp } from '../testing/harness';
import { createTestApp, TEST_PASSWORD } from '../testing/harness';
import { openSession, signedInAccount } from '../testing/signed-in';
import { googleCodeAt } from './totp';
import { sha256 } from './crypto';
import { hashPassword } from './passwords';
import { STEP_UP_TTL_SECONDS, STEP_UP_WRONG_LIMIT } from './step-up';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/user/stepUp', () => {
  it('answers a ticket for the purpose, stored only as a hash, bound to the session, for 5 minutes', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(
      stepUp,
      { purpose: 'card_reveal', password: TEST_PASSWORD },
      { token: me.token },
    );
    expect(answer.body.code).toBe(200);
    const { ticket, expiresAt } = answer.body.data as { ticket: string; expiresAt: string };
    const lifetime = new Date(expiresAt).getTime() - t.ctx.now().getTime();
    expect(lifetime).toBeLessThanOrEqual(STEP_UP_TTL_SECONDS * 1000);
    expect(lifetime).toBeGreaterThan(STEP_UP_TTL_SECONDS * 1000 - 5_000);
    const rows = await t.ctx.database.db
      .select()
      .from(stepUpTickets)
      .where(eq(stepUpTickets.accountId, me.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ticketHash: sha256(ticket),
      sessionId: me.sessionId,
      purpose: 'card_reveal',
      method: 'password',
    });
    expect(JSON.stringify(rows)).not.toContain(ticket);
  });

  it('refuses a wrong password (422) and, after 5 in 15 minutes, every try (429) without locking sign-in', async () => {
    const me = await signedInAccount(t);
    for (let i = 0; i < STEP_UP_WRONG_LIMIT; i++) {
      const wrong = await t.api(
        stepUp,
        { purpose: 'card_reveal', password: 'Wr0ng-guess!' },
        { token: me.token, lang: 'en' },
      );
      expect(wrong.body).toMatchObject({ code: 422, msg: 'The password is wrong' });
    }
    const right = await t.api(
      stepUp,
      { purpose: 'card_reveal', password: TEST_PASSWORD },
      { token: me.token },
    );
    expect(right.body.code).toBe(429);
    expect((right.body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    // The owner can still sign in: the step-up throttle is not the sign-in lock.
    expect((await t.signIn(me.email, TEST_PASSWORD)).access_token).toBeTruthy();
    t.advance(15 * 60_000 + 1_000);
    const later = await openSession(t, me.accountId);
    const after = await t.api(
      stepUp,
      { purpose: 'card_reveal', password: TEST_PASSWORD },
      { token: later.token },
    );
    expect(after.body.code).toBe(200);
  });

  it('with Google Authenticator bound takes the Google code, not the password', async () => {
    const me = await signedInAccount(t);
    const secret = await bindGoogle(t, me.accountId);
    const byPassword = await t.api(
      stepUp,
      { purpose: 'google_unbind', password: TEST_PASSWORD },
      { token: me.token },
    );
    expect(byPassword.body).toMatchObject({ code: 422, data: { need: 'google' } });
    const byCode = await t.api(
      stepUp,
      { purpose: 'google_unbind', googleCode: googleCodeAt(secret, t.ctx.now()) },
      { token: me.token },
    );
    expect(byCode.body.code).toBe(200);
    const [row] = await t.ctx.database.db
      .select()
      .from(stepUpTickets)
      .where(eq(stepUpTickets.accountId, me.accountId));
    expect(row?.method).toBe('google');
  });

  it('refuses an unknown purpose with 400 naming the field', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(
      stepUp,
      { purpose: 'everything' as 'card_reveal', password: TEST_PASSWORD },
      { token: me.token, lang: 'en' },
    );
    expect(answer.body).toMatchObject({ code: 400, data: { fields: ['purpose'] } });
  });

  it('needs a session: no token is 401', async () => {
    const answer = await t.api(stepUp, { purpose: 'card_reveal', password: TEST_PASSWORD });
    expect(answer.body.code).toBe(401);
  });
});

describe('a team member’s step-up', () => {
  it('takes the member’s own password, never the owner’s, and is counted apart', async () => {
    const owner = await signedInAccount(t);
    const memberId = `member-${Date.now().toString(36)}`;
    const member = await openSession(t, owner.accountId, memberId);
    await t.ctx.database.db
      .update(subAccounts)
      .set({ passwordHash: await hashPassword('Member-Passw0rd!', t.ctx.env.ARGON2_MEMORY_KIB) })
      .where(eq(subAccounts.id, memberId));
    const ask = (password: string) =>
      t.api(stepUp, { purpose: 'card_reveal', password }, { token: member.token });
    // The owner's password proves nothing about who holds the member's session.
    expect((await ask(TEST_PASSWORD)).body.code).toBe(422);
    const answer = await ask('Member-Passw0rd!');
    expect(answer.body.code).toBe(200);
    const [row] = await t.ctx.database.db
      .select()
      .from(stepUpTickets)
      .where(eq(stepUpTickets.ticketHash, sha256((answer.body.data as { ticket: string }).ticket)));
    expect(row?.sessionId).toBe(member.sessionId);
    // The member's wrong guesses do not throttle the owner's own step-up.
    for (let i = 0; i < STEP_UP_WRONG_LIMIT; i++) await ask('wrong-password');
    expect((await ask('Member-Passw0rd!')).body.code).toBe(429);
    expect(
      (await t.api(stepUp, { purpose: 'card_reveal', password: TEST_PASSWORD }, { token: owner.token })).body
        .code,
    ).toBe(200);
  });
});
