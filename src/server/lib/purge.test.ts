import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCode, loginPwd } from '../../contract/auth';
import { emailCodes, sessionTokens, signinFailures } from '../db/schema';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { purgeExpired } from './purge';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rows = async (table: typeof emailCodes | typeof signinFailures | typeof sessionTokens) =>
  (await t.ctx.database.db.select({ n: count() }).from(table))[0]!.n;

describe('purging expired rows', () => {
  it('keeps what still counts and removes what cannot matter any more', async () => {
    const { email, password } = await t.register();
    await t.signIn(email, password);
    await t.api(loginPwd, { username: email, password: 'wrong-password' });
    await t.api(loginCode, { email });
    const codes = await rows(emailCodes);
    const failures = await rows(signinFailures);
    expect(codes).toBeGreaterThan(0);
    expect(failures).toBeGreaterThan(0);

    // Within the windows nothing goes: the daily code limit and the failure counts still need them.
    await purgeExpired(t.ctx);
    expect(await rows(emailCodes)).toBe(codes);
    expect(await rows(signinFailures)).toBe(failures);

    // Past every window and token lifetime: all of it goes.
    t.advance(8 * 24 * 3600_000);
    const deleted = await purgeExpired(t.ctx);
    expect(deleted.emailCodes).toBe(codes);
    expect(deleted.signinFailures).toBe(failures);
    expect(await rows(emailCodes)).toBe(0);
    expect(await rows(signinFailures)).toBe(0);
    expect(
      (
        await t.ctx.database.db
          .select({ n: count() })
          .from(sessionTokens)
          .where(eq(sessionTokens.kind, 'refresh'))
      )[0]!.n,
    ).toBe(0);
  });
});
