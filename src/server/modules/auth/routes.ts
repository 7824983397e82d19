/**
 * The auth endpoints (src/contract/auth.ts). Each handler maps the call to one operation; validation,
 * client and bearer checks, the operation log and the envelope are the route layer's.
 */
import {
  captchaImage,
  captchaTwo,
  forgetPwdCode,
  forgetPwdSubmit,
  loginByCode,
  loginByGoogle,
  loginCode,
  loginPwd,
  logout,
  refreshToken,
  signup,
  signupCode,
  verifyCaptcha,
} from '../../../contract/auth';
import { fail } from '../../lib/errors';
import type { Call, Registrar } from '../../lib/route';
import type { ClientInfo } from '../../lib/session';
import { createImageCaptcha } from './captcha/create-image-captcha';
import { createMathCaptcha } from './captcha/create-math-captcha';
import { endSession } from './session/end-session';
import { refreshTokens } from './session/refresh-tokens';
import { resetForgottenPassword } from './password-reset/reset-forgotten-password';
import { sendAuthCode } from './send-auth-code';
import { signInWithCode } from './sign-in/sign-in-code';
import { signInWithGoogle } from './sign-in/sign-in-google';
import { signInWithPassword } from './sign-in/sign-in-password';
import { signUpAccount } from './sign-up/sign-up-account';
import { verifyMathCaptcha } from './captcha/verify-math-captcha';

/** Who is signing in: the route layer has checked the client of every token-issuing call. */
function signingClient(call: Call): ClientInfo {
  if (!call.clientId) throw fail.unauthorized('server:errors.badClient');
  return { clientId: call.clientId, ip: call.ip, device: call.device };
}

function currentSession(call: Call) {
  if (!call.principal) throw fail.unauthorized();
  return call.principal;
}

export function registerAuthRoutes(register: Registrar): void {
  register(captchaImage, async ({ captchaId }, call) => {
    const svg = await createImageCaptcha(call.app, captchaId);
    // Every request is a new picture: nothing may cache it.
    return new Response(svg, {
      headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'no-store' },
    });
  });
  register(captchaTwo, (_input, call) => createMathCaptcha(call.app, call.ip));
  register(verifyCaptcha, ({ captchaId, answer }, call) =>
    verifyMathCaptcha(call.app, captchaId, answer, call.ip),
  );

  register(signupCode, ({ email }, call) => sendAuthCode(call.app, 'signup', email, call.lang, call.ip));
  register(signup, async (input, call) => {
    const created = await signUpAccount(call.app, input, call.lang);
    call.actingAccountId = created.userId;
    return created;
  });

  register(loginPwd, (input, call) => signInWithPassword(call.app, input, signingClient(call)));
  register(loginCode, ({ email }, call) => sendAuthCode(call.app, 'login', email, call.lang, call.ip));
  register(loginByCode, (input, call) => signInWithCode(call.app, input, signingClient(call)));
  register(loginByGoogle, (input, call) => signInWithGoogle(call.app, input, signingClient(call)));
  register(refreshToken, (input, call) => refreshTokens(call.app, input.refresh_token, signingClient(call)));
  register(logout, (_input, call) => endSession(call.app, currentSession(call)));

  register(forgetPwdCode, ({ email }, call) =>
    sendAuthCode(call.app, 'forgetPwd', email, call.lang, call.ip),
  );
  register(forgetPwdSubmit, async (input, call) => {
    const { accountId } = await resetForgottenPassword(call.app, input, call.ip);
    call.actingAccountId = accountId;
    return null;
  });
}
