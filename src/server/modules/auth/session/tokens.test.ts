import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '@contract/auth';
import { logout, refreshToken } from '@contract/auth';
import { loginLogs, operationLogs, sessions } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { setStatus } from '../../../testing/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedIn() {
  const account = await t.register();
  return { ...account, tokens: await t.signIn(account.email, account.password) };
}

const refresh = (token: string) => t.api(refreshToken, { grant_type: 'refresh_token', refresh_token: token });

async function sessionsOf(accountId: string) {
  return t.ctx.database.db.select().from(sessions).where(eq(sessions.accountId, accountId));
}

describe('refresh grant', () => {
  it('rotates both tokens, and the new access token works', async () => {
    const { tokens, userId } = await signedIn();
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data as Tokens;
    expect(fresh.refresh_token).not.toBe(tokens.refresh_token);
    expect(fresh.access_token).not.toBe(tokens.access_token);
    // The old access token died with the rotation.
    expect((await t.api(logout, {}, { token: tokens.access_token })).status).toBe(401);
    expect((await t.api(logout, {}, { token: fresh.access_token })).status).toBe(200);
    const logs = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.accountId, userId));
    expect(logs.map((l) => [l.method, l.result])).toContainEqual(['refresh', 'success']);
  });

  it('a reused refresh token answers 610 and revokes the whole session', async () => {
    const { tokens, userId } = await signedIn();
    const fresh = (await refresh(tokens.refresh_token)).body.data as Tokens;
    const replay = await refresh(tokens.refresh_token);
    expect(replay.status).toBe(400); // 610 is not an HTTP status
    expect(replay.body).toMatchObject({ code: 610, msg: 'Permissions expired or expired, please login' });
    expect((await refresh(fresh.refresh_token)).body.code).toBe(610);
    expect((await t.api(logout, {}, { token: fresh.access_token })).status).toBe(401);
    const [session] = await sessionsOf(userId);
    expect(session?.revokedReason).toBe('refresh-reuse');
    const logs = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.accountId, userId));
    expect(logs.map((l) => [l.method, l.result, l.reason])).toContainEqual([
      'refresh',
      'failure',
      'server:errors.refreshExpired',
    ]);
  });

  it('an unknown refresh token answers 610 and is logged without an account', async () => {
    const answer = await refresh('x'.repeat(43));
    expect(answer.body.code).toBe(610);
    const logs = await t.ctx.database.db.select().from(loginLogs).where(eq(loginLogs.method, 'refresh'));
    expect(logs.some((l) => l.accountId === null && l.result === 'failure')).toBe(true);
  });

  it('refuses a wrong client with 401', async () => {
    const { tokens } = await signedIn();
    const wrong = `Basic ${Buffer.from('erp:nope').toString('base64')}`;
    const answer = await t.api(
      refreshToken,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      { client: false, headers: { authorization: wrong } },
    );
    expect(answer.body).toMatchObject({ code: 401, msg: 'Unknown client' });
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses a frozen account with 403', async () => {
    const { tokens, userId } = await signedIn();
    await setStatus(t, userId, 'frozen');
    expect((await refresh(tokens.refresh_token)).body.code).toBe(403);
  });
});

describe('idle sessions and logout', () => {
  it('a session idle for 2 hours is dead: 401 for the access token, 610 for the refresh token', async () => {
    const { tokens } = await signedIn();
    t.advance(2 * 3600_000 + 1000);
    const idle = await t.api(logout, {}, { token: tokens.access_token });
    expect(idle.body).toMatchObject({ code: 401, msg: 'Login has timed out, please login again' });
    expect((await refresh(tokens.refresh_token)).body.code).toBe(610);
  });

  it('activity keeps a session alive past 2 hours in total', async () => {
    const { tokens } = await signedIn();
    t.advance(3600_000);
    const fresh = (await refresh(tokens.refresh_token)).body.data as Tokens;
    t.advance(3600_000 + 60_000);
    expect((await refresh(fresh.refresh_token)).status).toBe(200);
  });

  it('logout revokes the current session only, and is in the operation log', async () => {
    const { email, password, tokens, userId } = await signedIn();
    const other = await t.signIn(email, password);
    const answer = await t.api(logout, {}, { token: tokens.access_token });
    expect(answer.body).toMatchObject({ code: 200, data: null });
    expect((await t.api(logout, {}, { token: tokens.access_token })).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.code).toBe(610);
    expect((await refresh(other.refresh_token)).status).toBe(200);
    const logs = await t.ctx.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.accountId, userId));
    expect(logs).toContainEqual(expect.objectContaining({ action: 'auth.logout', result: 'success' }));
  });

  it('logout without a token is 401', async () => {
    expect((await t.api(logout, {})).status).toBe(401);
  });
});
