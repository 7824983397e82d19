/**
 * Issue 29 §8: strangers' wrong sign-in codes must not kill the owner's live code, and guessing
 * stays bounded: a code takes at most MAX_STRANGER_TRIES wrong tries from other addresses (then
 * strangers are refused without being judged, even with the right code), each source at most
 * SOURCE_WRONG_LIMIT wrong tries in 15 minutes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByCode, loginCode } from '../../../../contract/auth';
import { emailCodes } from '../../../db/schema';
import { MAX_STRANGER_TRIES, MAX_WRONG_TRIES, SOURCE_WRONG_LIMIT } from '../../../lib/mail-codes';
import { newAddress, TRUSTED_PROXY } from '../../../testing/auth';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(TRUSTED_PROXY);
});
afterAll(async () => t.close());

const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

describe('loginByCode: throttles that stop the attacker, not the victim', () => {
  it('wrong codes from many other addresses leave the owner’s code alive, for the owner', async () => {
    const { email } = await t.register();
    const owner = newAddress();
    expect((await t.api(loginCode, { email }, owner)).body.code).toBe(200);
    const code = await t.latestCode(email);
    for (let i = 0; i < MAX_WRONG_TRIES * 2; i++) {
      const answer = await t.api(loginByCode, { username: email, code: wrongFor(code) }, newAddress());
      expect(answer.body.code).toBe(422);
      expect(answer.body.msg).not.toContain('Too many wrong tries');
    }
    const [row] = await t.ctx.database.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'login')));
    expect(row).toMatchObject({ attempts: 0, strangerAttempts: MAX_STRANGER_TRIES, consumedAt: null });
    expect((await t.api(loginByCode, { username: email, code }, owner)).body.code).toBe(200);
  });

  it('past the strangers’ tries, even the right code from elsewhere is refused unjudged', async () => {
    const { email } = await t.register();
    const owner = newAddress();
    await t.api(loginCode, { email }, owner);
    const code = await t.latestCode(email);
    for (let i = 0; i < MAX_STRANGER_TRIES; i++)
      await t.api(loginByCode, { username: email, code: wrongFor(code) }, newAddress());
    expect((await t.api(loginByCode, { username: email, code }, newAddress())).body.code).toBe(422);
    expect((await t.api(loginByCode, { username: email, code }, owner)).body.code).toBe(200);
  });

  it('the owner’s own wrong tries still kill the code at the fifth', async () => {
    const { email } = await t.register();
    const owner = newAddress();
    await t.api(loginCode, { email }, owner);
    const code = await t.latestCode(email);
    let last = '';
    for (let i = 0; i < MAX_WRONG_TRIES; i++)
      last = (await t.api(loginByCode, { username: email, code: wrongFor(code) }, owner)).body.msg;
    expect(last).toContain('Too many wrong tries');
    expect((await t.api(loginByCode, { username: email, code }, owner)).body.code).toBe(422);
  });

  it(`one source gets ${SOURCE_WRONG_LIMIT} wrong codes in 15 minutes, then 429`, async () => {
    const from = newAddress();
    for (let i = 0; i < SOURCE_WRONG_LIMIT; i++)
      expect(
        (await t.api(loginByCode, { username: `guess${i}@example.com`, code: '123456' }, from)).body.code,
      ).toBe(422);
    const refused = await t.api(loginByCode, { username: 'one.more@example.com', code: '123456' }, from);
    expect(refused.body.code).toBe(429);
    t.advance(15 * 60_000 + 1000);
    expect(
      (await t.api(loginByCode, { username: 'later@example.com', code: '123456' }, from)).body.code,
    ).toBe(422);
  });
});
