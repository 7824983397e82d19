import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { info } from '../../contract/account';
import type { Tokens } from '../../contract/auth';
import { logout, refreshToken } from '../../contract/auth';
import { Code } from '../../contract/core';
import { accounts, sessions } from '../db/schema';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { revokeAccountSessions } from './session';

let t: TestApp;
beforeAll(async () => {
  // Access tokens that outlive the idle limit, so these tests see the idle rule alone.
  t = await createTestApp({ ACCESS_TOKEN_TTL: 24 * 3600 });
  // Counts the writes of the activity stamp, which the stored value alone cannot tell apart.
  await t.ctx.database.db.execute(sql`create table stamp_writes (session_id text not null)`);
  await t.ctx.database.db.execute(
    sql.raw(`create function count_stamp_write() returns trigger language plpgsql as $$
      begin insert into stamp_writes values (new.id); return new; end $$`),
  );
  await t.ctx.database.db.execute(
    sql`create trigger sessions_stamp_writes after update of last_seen_at on sessions
      for each row execute function count_stamp_write()`,
  );
});
afterAll(async () => t.close());

const infoCode = async (token: string) => (await t.api(info, {}, { token })).body.code;

async function stampOf(sessionId: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ at: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row!.at.getTime();
}

async function stampWrites(sessionId: string): Promise<number> {
  // Both drivers answer `{ rows }`.
  const result = (await t.ctx.database.db.execute(
    sql`select count(*)::int as n from stamp_writes where session_id = ${sessionId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('the activity stamp', () => {
  it('is not written again within a minute, and is written after one', async () => {
    const me = await signedInAccount(t);
    const opened = await stampOf(me.sessionId);
    t.advance(59_000);
    expect(await infoCode(me.token)).toBe(Code.ok);
    expect(await stampOf(me.sessionId)).toBe(opened);
    t.advance(1_000);
    expect(await infoCode(me.token)).toBe(Code.ok);
    expect(await stampOf(me.sessionId)).toBeGreaterThanOrEqual(opened + 60_000);
    expect(await stampWrites(me.sessionId)).toBe(1);
  });

  it('is written once when many calls find it a minute old at the same moment', async () => {
    const me = await signedInAccount(t);
    t.advance(61_000);
    const codes = await Promise.all(Array.from({ length: 8 }, () => infoCode(me.token)));
    expect(codes).toEqual(Array(8).fill(Code.ok));
    expect(await stampWrites(me.sessionId)).toBe(1);
  });
});

describe('the idle limit', () => {
  it('counts from the stamp: over 2 hours after it the session is refused and revoked', async () => {
    const me = await signedInAccount(t);
    t.advance(30_000);
    expect(await infoCode(me.token)).toBe(Code.ok); // within the minute: no new stamp
    t.advance(2 * 3600_000 - 30_000 + 1_000);
    const idle = await t.api(info, {}, { token: me.token });
    expect(idle.body).toMatchObject({
      code: Code.unauthorized,
      msg: 'Login has timed out, please login again',
    });
    const [row] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.id, me.sessionId));
    expect(row?.revokedReason).toBe('idle');
    t.advance(-2 * 3600_000); // even back within the limit, a revoked session stays dead
    expect(await infoCode(me.token)).toBe(Code.unauthorized);
  });

  it('is never reached by a session used every half hour', async () => {
    const me = await signedInAccount(t);
    for (let i = 0; i < 6; i++) {
      t.advance(30 * 60_000);
      expect(await infoCode(me.token)).toBe(Code.ok);
    }
  });
});

describe('what the session lookup reads', () => {
  it('refuses an unknown token, a refresh token and an expired access token', async () => {
    const me = await signedInAccount(t);
    expect(await infoCode('x'.repeat(43))).toBe(Code.unauthorized);
    const tokens = (await t.signIn(me.email, me.password)) as Tokens;
    expect(await infoCode(tokens.refresh_token)).toBe(Code.unauthorized);
    const short = await createTestApp();
    try {
      const other = await signedInAccount(short);
      short.advance(30 * 60_000 + 1_000);
      expect((await short.api(info, {}, { token: other.token })).body.code).toBe(Code.accessExpired);
    } finally {
      await short.close();
    }
  });

  it('sees a logout, a refresh rotation and a revocation of every session at once', async () => {
    const me = await signedInAccount(t);
    const a = (await t.signIn(me.email, me.password)) as Tokens;
    const b = (await t.signIn(me.email, me.password)) as Tokens;
    expect(await infoCode(a.access_token)).toBe(Code.ok);
    expect((await t.api(logout, {}, { token: a.access_token })).body.code).toBe(Code.ok);
    expect(await infoCode(a.access_token)).toBe(Code.unauthorized);

    expect(await infoCode(b.access_token)).toBe(Code.ok);
    const rotated = await t.api(refreshToken, {
      grant_type: 'refresh_token',
      refresh_token: b.refresh_token,
    });
    const fresh = rotated.body.data as Tokens;
    expect(await infoCode(b.access_token)).toBe(Code.unauthorized);
    expect(await infoCode(fresh.access_token)).toBe(Code.ok);

    expect(await infoCode(me.token)).toBe(Code.ok);
    await revokeAccountSessions(t.ctx, t.ctx.database.db, me.accountId, 'password-reset');
    expect(await infoCode(me.token)).toBe(Code.unauthorized);
    expect(await infoCode(fresh.access_token)).toBe(Code.unauthorized);
  });

  it('sees the account as it is now: frozen, active again, renamed', async () => {
    const me = await signedInAccount(t);
    expect(await infoCode(me.token)).toBe(Code.ok);
    await t.ctx.database.db.update(accounts).set({ status: 'frozen' }).where(eq(accounts.id, me.accountId));
    expect(await infoCode(me.token)).toBe(Code.forbidden);
    await t.ctx.database.db
      .update(accounts)
      .set({ status: 'active', nickname: 'Renamed' })
      .where(eq(accounts.id, me.accountId));
    const answer = await t.api(info, {}, { token: me.token });
    expect(answer.body).toMatchObject({ code: Code.ok, data: { nickname: 'Renamed' } });
  });
});
