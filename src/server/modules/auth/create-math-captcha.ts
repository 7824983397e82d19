/** GET /api/user/captchaTwo: a small sum to solve, answered through verify. */
import { createMathExpr } from 'svg-captcha';
import type { AppContext } from '../../context';
import { newId } from '../../lib/crypto';
import { CAPTCHA_TTL_SECONDS, storeCaptcha } from './captcha-store';

export async function createMathCaptcha(
  ctx: AppContext,
): Promise<{ captchaId: string; svg: string; expiresIn: number }> {
  // Additions only: a negative answer is awkward on a phone's number pad.
  const challenge = createMathExpr({ mathMin: 1, mathMax: 9, mathOperator: '+', noise: 1, color: true });
  const captchaId = newId();
  await storeCaptcha(ctx, 'math', captchaId, challenge.text);
  return { captchaId, svg: challenge.data, expiresIn: CAPTCHA_TTL_SECONDS };
}
