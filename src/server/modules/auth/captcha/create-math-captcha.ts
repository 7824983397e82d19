/**
 * GET /api/user/captchaTwo: a sum of two two-digit numbers to solve, answered through verify. The
 * answers run from 20 to 198, the likeliest (109) comes up once in 90 (two digits of 1–9 gave 9
 * answers, "10" winning once in 8); wrong answers also cost (captcha-guesses.ts).
 */
import { createMathExpr } from 'svg-captcha';
import type { AppContext } from '../../../context';
import { newId } from '../../../lib/crypto';
import { CAPTCHA_TTL_SECONDS, storeCaptcha } from './captcha-store';
import { refuseCaptchaGuessing } from './captcha-guesses';

export const MATH_MIN = 10;
export const MATH_MAX = 99;

export async function createMathCaptcha(
  ctx: AppContext,
  ip: string,
): Promise<{ captchaId: string; svg: string; expiresIn: number }> {
  await refuseCaptchaGuessing(ctx, ip);
  // Additions only: a negative answer is awkward on a phone's number pad.
  const challenge = createMathExpr({
    mathMin: MATH_MIN,
    mathMax: MATH_MAX,
    mathOperator: '+',
    noise: 1,
    color: true,
  });
  const captchaId = newId();
  await storeCaptcha(ctx, 'math', captchaId, challenge.text);
  return { captchaId, svg: challenge.data, expiresIn: CAPTCHA_TTL_SECONDS };
}
