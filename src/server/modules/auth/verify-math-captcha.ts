/** POST /api/user/verify: a right answer to the sum turns into a single-use captcha ticket. */
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { issueCaptchaTicket, spendCaptcha } from './captcha-store';

export async function verifyMathCaptcha(
  ctx: AppContext,
  captchaId: string,
  answer: string,
): Promise<{ captchaTicket: string; expiresIn: number }> {
  if (!(await spendCaptcha(ctx, 'math', captchaId, answer))) throw fail.rule('server:auth.captchaWrong');
  return issueCaptchaTicket(ctx);
}
