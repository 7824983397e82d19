/**
 * The captcha demanded by a password sign-in after repeated failures: 428 {need:'captcha'} without a
 * proof, 422 with a wrong or spent one. A wrong captcha is not a password failure: the password is not
 * even looked at.
 */
import type { StepNeeded } from '@contract/auth';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import { countWrongCaptcha, refuseCaptchaGuessing } from './captcha-guesses';
import { spendCaptcha, spendCaptchaTicket } from './captcha-store';
import { captchaDemanded } from '../signin-failures';

export interface CaptchaProof {
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  captchaTicket?: string | undefined;
}

export async function passCaptchaIfDemanded(
  ctx: AppContext,
  subjects: string[],
  proof: CaptchaProof,
  ip: string,
): Promise<void> {
  if (!(await captchaDemanded(ctx, subjects))) return;
  await refuseCaptchaGuessing(ctx, ip);
  let solved: boolean;
  if (proof.captchaTicket) solved = await spendCaptchaTicket(ctx, proof.captchaTicket);
  else if (proof.captchaId && proof.captchaCode)
    solved = await spendCaptcha(ctx, 'image', proof.captchaId, proof.captchaCode);
  else {
    const step: StepNeeded = { need: 'captcha' };
    throw fail.needStep('server:auth.captchaRequired', step);
  }
  if (!solved) {
    await countWrongCaptcha(ctx, ip);
    throw fail.rule('server:auth.captchaWrong');
  }
}
