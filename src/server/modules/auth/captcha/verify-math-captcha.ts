/**
 * POST /api/user/verify: a right answer to the sum turns into a single-use captcha ticket; a wrong
 * one spends the challenge and counts against the source address (captcha-guesses.ts).
 */
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import { judgeCaptchaAnswer } from './captcha-guesses';
import { issueCaptchaTicket, spendCaptcha } from './captcha-store';

export async function verifyMathCaptcha(
  ctx: AppContext,
  captchaId: string,
  answer: string,
  ip: string,
): Promise<{ captchaTicket: string; expiresIn: number }> {
  if (!(await judgeCaptchaAnswer(ctx, ip, () => spendCaptcha(ctx, 'math', captchaId, answer))))
    throw fail.rule('server:auth.captchaWrong');
  return issueCaptchaTicket(ctx);
}
