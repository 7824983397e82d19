/**
 * The captcha demanded by a password sign-in after repeated failures: 428 {need:'captcha'} without a
 * proof, 422 with a wrong or spent one. A wrong captcha is not a password failure: the password is not
 * even looked at.
 */
import type { StepNeeded } from '@contract/auth';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import { judgeCaptchaAnswer } from './captcha-guesses';
import { spendCaptcha, spendCaptchaTicket } from './captcha-store';

export interface CaptchaProof {
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  captchaTicket?: string | undefined;
}

/** Called once the captcha-free tries are spent (signin-failures.ts claimCaptchaFreeTry). */
export async function passCaptcha(ctx: AppContext, proof: CaptchaProof, ip: string): Promise<void> {
  const { captchaTicket, captchaId, captchaCode } = proof;
  let spend: () => Promise<boolean>;
  if (captchaTicket) spend = () => spendCaptchaTicket(ctx, captchaTicket);
  else if (captchaId && captchaCode) spend = () => spendCaptcha(ctx, 'image', captchaId, captchaCode);
  else {
    const step: StepNeeded = { need: 'captcha' };
    throw fail.needStep('server:auth.captchaRequired', step);
  }
  if (!(await judgeCaptchaAnswer(ctx, ip, spend))) throw fail.rule('server:auth.captchaWrong');
}
