import type * as SvgCaptcha from 'svg-captcha';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaTwo, loginPwd, verifyCaptcha } from '@contract/auth';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { WRONG_CAPTCHA_LIMIT } from './captcha-guesses';
import { createMathCaptcha, MATH_MAX, MATH_MIN } from './create-math-captcha';
import { newAddress, TRUSTED_PROXY, WRONG_PASSWORD } from '../../../testing/auth';

/** The real generator, with each answer it produced remembered so the test can act as the human. */
const answers = vi.hoisted(() => [] as string[]);
vi.mock('svg-captcha', async (importOriginal) => {
  const real = await importOriginal<typeof SvgCaptcha>();
  const remembering =
    (make: typeof real.create): typeof real.create =>
    (options) => {
      const made = make(options);
      answers.push(made.text);
      return made;
    };
  return { ...real, create: remembering(real.create), createMathExpr: remembering(real.createMathExpr) };
});
const lastAnswer = () => answers[answers.length - 1]!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(TRUSTED_PROXY);
});
afterAll(async () => t.close());

let ids = 0;
const newCaptchaId = () => `captcha-${(ids += 1)}-${Date.now()}`;

async function imageCaptcha(captchaId: string): Promise<Response> {
  return t.raw(`/api/user/captcha?captchaId=${captchaId}`);
}

/** An account whose address-independent failure count already demands a captcha. */
async function accountNeedingCaptcha() {
  const account = await t.register();
  for (let i = 0; i < 3; i++)
    await t.api(loginPwd, { username: account.email, password: WRONG_PASSWORD }, newAddress());
  return account;
}

describe('image captcha', () => {
  it('is an uncached SVG picture', async () => {
    const res = await imageCaptcha(newCaptchaId());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('answers a demanded captcha in any letter case, once', async () => {
    const { email, password } = await accountNeedingCaptcha();
    const captchaId = newCaptchaId();
    await imageCaptcha(captchaId);
    const captchaCode = lastAnswer().toUpperCase();
    const ok = await t.api(loginPwd, { username: email, password, captchaId, captchaCode }, newAddress());
    expect(ok.status).toBe(200);
    // The success cleared the account's failures: fail again to demand the captcha again.
    const again = await accountNeedingCaptcha();
    const reused = await t.api(
      loginPwd,
      { username: again.email, password: again.password, captchaId, captchaCode },
      newAddress(),
    );
    expect(reused.status).toBe(422);
  });

  it('a new picture for the same id replaces the answer', async () => {
    const { email, password } = await accountNeedingCaptcha();
    const captchaId = newCaptchaId();
    await imageCaptcha(captchaId);
    const first = lastAnswer();
    await imageCaptcha(captchaId);
    const second = lastAnswer();
    if (first.toLowerCase() !== second.toLowerCase()) {
      const stale = await t.api(
        loginPwd,
        { username: email, password, captchaId, captchaCode: first },
        newAddress(),
      );
      expect(stale.status).toBe(422);
      await imageCaptcha(captchaId);
    }
    const fresh = await t.api(
      loginPwd,
      { username: email, password, captchaId, captchaCode: lastAnswer() },
      newAddress(),
    );
    expect(fresh.status).toBe(200);
  });

  it('expires after 5 minutes', async () => {
    const { email, password } = await accountNeedingCaptcha();
    const captchaId = newCaptchaId();
    await imageCaptcha(captchaId);
    t.advance(5 * 60_000 + 1000);
    // Keep the failures inside their 15-minute window so the captcha is still demanded.
    const late = await t.api(
      loginPwd,
      { username: email, password, captchaId, captchaCode: lastAnswer() },
      newAddress(),
    );
    expect(late.body).toMatchObject({
      code: 422,
      msg: 'The security check answer is wrong or has expired, please try a new one',
    });
  });

  it('refuses a too short id as a validation error', async () => {
    const res = await t.raw('/api/user/captcha?captchaId=abc', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect((await res.json()).data).toEqual({ fields: ['captchaId'] });
  });
});

describe('arithmetic captcha and verify', () => {
  async function challenge() {
    const answer = await t.api(captchaTwo, {});
    expect(answer.body).toMatchObject({ code: 200, data: { expiresIn: 300 } });
    const data = answer.body.data as { captchaId: string; svg: string };
    expect(data.svg).toMatch(/^<svg/);
    return { captchaId: data.captchaId, answer: lastAnswer() };
  }

  it('a right answer gives a ticket that passes a demanded captcha once', async () => {
    const { captchaId, answer } = await challenge();
    const verified = await t.api(verifyCaptcha, { captchaId, answer: ` ${answer} ` });
    expect(verified.body).toMatchObject({ code: 200, data: { expiresIn: 300 } });
    const { captchaTicket } = verified.body.data as { captchaTicket: string };
    const { email, password } = await accountNeedingCaptcha();
    expect((await t.api(loginPwd, { username: email, password, captchaTicket }, newAddress())).status).toBe(
      200,
    );
    const other = await accountNeedingCaptcha();
    const reused = await t.api(
      loginPwd,
      { username: other.email, password: other.password, captchaTicket },
      newAddress(),
    );
    expect(reused.status).toBe(422);
  });

  it('a challenge is answered once: a wrong answer spends it', async () => {
    const { captchaId, answer } = await challenge();
    const wrong = await t.api(verifyCaptcha, { captchaId, answer: String(Number(answer) + 1) });
    expect(wrong.body).toMatchObject({
      code: 422,
      msg: 'The security check answer is wrong or has expired, please try a new one',
    });
    expect((await t.api(verifyCaptcha, { captchaId, answer })).status).toBe(422);
    const right = await challenge();
    expect((await t.api(verifyCaptcha, right)).status).toBe(200);
    expect((await t.api(verifyCaptcha, right)).status).toBe(422);
  });

  it('challenges and tickets expire after 5 minutes', async () => {
    const late = await challenge();
    t.advance(5 * 60_000 + 1000);
    expect((await t.api(verifyCaptcha, late)).status).toBe(422);
    const { email, password } = await accountNeedingCaptcha();
    const verified = await t.api(verifyCaptcha, await challenge());
    const { captchaTicket } = verified.body.data as { captchaTicket: string };
    t.advance(5 * 60_000 + 1000);
    expect((await t.api(loginPwd, { username: email, password, captchaTicket }, newAddress())).status).toBe(
      422,
    );
  });

  it('verify reads JSON as well as forms', async () => {
    const { captchaId, answer } = await challenge();
    const verified = await t.api(verifyCaptcha, { captchaId, answer }, { json: true });
    expect(verified.status).toBe(200);
  });

  it('the sum is hard to guess: answers spread over 20–198, the likeliest far below 1 in 8', async () => {
    const seen = new Map<string, number>();
    const from = newAddress();
    for (let i = 0; i < 400; i++) {
      await createMathCaptcha(t.ctx, from.headers['x-forwarded-for']!);
      seen.set(lastAnswer(), (seen.get(lastAnswer()) ?? 0) + 1);
    }
    const values = [...seen.keys()].map(Number);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(2 * MATH_MIN);
    expect(Math.max(...values)).toBeLessThanOrEqual(2 * MATH_MAX);
    expect(seen.size).toBeGreaterThan(60);
    // The likeliest answer's exact chance: (MATH_MAX - MATH_MIN + 1) / (MATH_MAX - MATH_MIN + 1)^2.
    expect(1 / (MATH_MAX - MATH_MIN + 1)).toBeLessThan(1 / 80);
    expect(Math.max(...seen.values()) / 400).toBeLessThan(0.05);
  });

  it(`a wrong answer costs: after ${WRONG_CAPTCHA_LIMIT} in 15 minutes the address gets 429, even for a right answer`, async () => {
    const from = newAddress();
    const ask = async () => {
      const answer = await t.api(captchaTwo, {}, from);
      return { captchaId: (answer.body.data as { captchaId: string }).captchaId, answer: lastAnswer() };
    };
    // Blind guessing at the likeliest sum: each try spends its challenge.
    for (let i = 0; i < WRONG_CAPTCHA_LIMIT; i++) {
      const { captchaId, answer } = await ask();
      const guess = answer === '109' ? '110' : '109';
      expect((await t.api(verifyCaptcha, { captchaId, answer: guess }, from)).status).toBe(422);
    }
    expect((await t.api(captchaTwo, {}, from)).status).toBe(429);
    // Another address is not affected; after the window this one may try again.
    expect((await t.api(captchaTwo, {}, newAddress())).status).toBe(200);
    t.advance(15 * 60_000 + 1000);
    const fresh = await ask();
    expect((await t.api(verifyCaptcha, fresh, from)).status).toBe(200);
  });
});
