import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { AppError } from './errors';
import {
  consumeGoogleCode,
  GOOGLE_WRONG_LIMIT,
  googleCodeAt,
  matchStep,
  newGoogleSecret,
  otpauthUri,
  stepAt,
} from './totp';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const STEP_MS = 30_000;

describe('TOTP codes (pure)', () => {
  it('matches the RFC 6238 SHA-1 vectors truncated to 6 digits', () => {
    expect(matchStep(RFC_SECRET, '287082', new Date(59_000))).toBe(1);
    expect(matchStep(RFC_SECRET, '081804', new Date(1_111_111_109_000))).toBe(37_037_036);
    expect(googleCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('accepts one step of drift either side and nothing beyond', () => {
    const secret = newGoogleSecret();
    const now = new Date(1_700_000_000_000);
    const step = stepAt(now);
    const at = (offsetSteps: number) => googleCodeAt(secret, new Date(now.getTime() + offsetSteps * STEP_MS));
    expect(matchStep(secret, at(0), now)).toBe(step);
    expect(matchStep(secret, at(-1), now)).toBe(step - 1);
    expect(matchStep(secret, at(1), now)).toBe(step + 1);
    expect(matchStep(secret, at(-2), now)).toBeNull();
    expect(matchStep(secret, at(2), now)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    const secret = newGoogleSecret();
    const now = new Date();
    expect(matchStep(secret, `${googleCodeAt(secret, now)}0`, now)).toBeNull();
    expect(matchStep(secret, 'abcdef', now)).toBeNull();
  });

  it('makes fresh 160-bit base32 secrets', () => {
    const a = newGoogleSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newGoogleSecret()).not.toBe(a);
  });

  it('builds the otpauth URI with the issuer, label and parameters Google Authenticator reads', () => {
    const [path, query] = otpauthUri(RFC_SECRET, 'ann@example.com').split('?');
    expect(decodeURIComponent(path ?? '')).toBe('otpauth://totp/Card Portal:ann@example.com');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      issuer: 'Card Portal',
      secret: RFC_SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('consumeGoogleCode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // One second into a time step: no step boundary between making a code and checking it.
  beforeEach(() => {
    t.advance(STEP_MS - (t.ctx.now().getTime() % STEP_MS) + 1000);
  });
  afterAll(async () => t.close());

  async function boundAccount(): Promise<{ accountId: string; secret: string }> {
    const { accountId } = await signedInAccount(t);
    const secret = newGoogleSecret();
    await t.ctx.database.db
      .update(accounts)
      .set({ googleSecret: t.ctx.box.seal(secret) })
      .where(eq(accounts.id, accountId));
    return { accountId, secret };
  }

  const keyOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'accepted';
    } catch (error) {
      if (error instanceof AppError) return error.messageKey;
      throw error;
    }
  };

  it('has its own refusal when Google Authenticator is not bound', async () => {
    const { accountId } = await signedInAccount(t);
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, '123456'))).toBe('server:account.googleNotBound');
  });

  it('accepts a code once, then only codes of later steps', async () => {
    const { accountId, secret } = await boundAccount();
    const now = t.ctx.now();
    const current = googleCodeAt(secret, now);
    const next = googleCodeAt(secret, new Date(now.getTime() + STEP_MS));
    const previous = googleCodeAt(secret, new Date(now.getTime() - STEP_MS));

    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, current))).toBe('accepted');
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, current))).toBe(
      'server:account.googleCodeInvalid',
    );
    // Still inside the drift window, but older than the step already spent.
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, previous))).toBe(
      'server:account.googleCodeInvalid',
    );
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, next))).toBe('accepted');
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, current))).toBe(
      'server:account.googleCodeInvalid',
    );
  });

  it('refuses a wrong code without spending the step', async () => {
    const { accountId, secret } = await boundAccount();
    const code = googleCodeAt(secret, t.ctx.now());
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, wrong))).toBe('server:account.googleCodeInvalid');
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, code))).toBe('accepted');
  });

  it('after 5 wrong codes in 15 minutes refuses even a right one with 429 until the window passes', async () => {
    const { accountId, secret } = await boundAccount();
    const wrong = googleCodeAt(secret, t.ctx.now()) === '000000' ? '111111' : '000000';
    for (let i = 0; i < GOOGLE_WRONG_LIMIT; i++) {
      expect(await keyOf(consumeGoogleCode(t.ctx, accountId, wrong))).toBe(
        'server:account.googleCodeInvalid',
      );
    }
    const refusal = await consumeGoogleCode(t.ctx, accountId, googleCodeAt(secret, t.ctx.now())).catch(
      (e) => e,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 429, messageKey: 'server:errors.rateLimited' });
    expect((refusal as AppError).data).toMatchObject({ retryAfter: expect.any(Number) });
    t.advance(15 * 60_000 + STEP_MS);
    expect(await keyOf(consumeGoogleCode(t.ctx, accountId, googleCodeAt(secret, t.ctx.now())))).toBe(
      'accepted',
    );
  });

  it('lets exactly one of many concurrent requests spend the same code', async () => {
    const { accountId, secret } = await boundAccount();
    const code = googleCodeAt(secret, t.ctx.now());
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => keyOf(consumeGoogleCode(t.ctx, accountId, code))),
    );
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1);
    // The others are refused: as a spent code, or — once five of them have counted as wrong
    // tries — by the wrong-code limit, whichever their timing meets first.
    const refusals = ['server:account.googleCodeInvalid', 'server:errors.rateLimited'];
    expect(outcomes.filter((o) => refusals.includes(o))).toHaveLength(7);
  });
});
