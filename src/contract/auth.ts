/**
 * Authentication: captchas, sign-up, the three ways to sign in, the refresh grant, forgotten
 * password and logout (spec §7 "Auth and user").
 */
import { z } from 'zod';
import { endpoint, nothing, SVG_MEDIA } from './core';
import { accessGrant } from './permissions';
import { email, googleCode, inviteCode, mailCode, optionalText, withConfirmedPassword } from './fields';

export const tokens = z.object({
  access_token: z.string(),
  /** Expiry of the access token as epoch milliseconds. */
  access_overtime: z.number().int(),
  refresh_token: z.string(),
  /**
   * Sent at sign-in (not on refresh): the allowed route ids and permission keys, as `info` sends
   * them, so the PWA can store them before its first page (permissions.ts).
   */
  ...accessGrant.partial().shape,
});
export type Tokens = z.infer<typeof tokens>;

/** Answer of a code-sending call: how long the code lives and when another may be asked for. */
export const codeSent = z.object({ expiresIn: z.number().int(), resendIn: z.number().int() });

/**
 * `data` of a 428 answer: which step the client must take first. `captcha` after repeated failures;
 * `google` after a correct password for an account with Google Authenticator bound (with a ticket).
 */
export const stepNeeded = z.discriminatedUnion('need', [
  z.object({ need: z.literal('captcha') }),
  z.object({ need: z.literal('google'), ticket: z.string(), expiresIn: z.number().int() }),
]);
export type StepNeeded = z.infer<typeof stepNeeded>;

/** A solved captcha travels as either the image answer or a ticket from `verify`. */
const captchaProof = {
  captchaId: optionalText(z.string().max(64)),
  captchaCode: optionalText(z.string().max(16)),
  captchaTicket: optionalText(z.string().max(128)),
};

export const captchaImage = endpoint({
  id: 'auth.captcha',
  method: 'GET',
  path: '/api/user/captcha',
  encoding: 'query',
  auth: 'none',
  answer: 'image',
  media: SVG_MEDIA,
  summary: 'Image captcha (SVG) for the id the client chose; answer it in loginPwd.',
  request: z.object({ captchaId: z.string().min(8).max(64) }),
  response: z.string(),
});

export const captchaTwo = endpoint({
  id: 'auth.captchaTwo',
  method: 'GET',
  path: '/api/user/captchaTwo',
  encoding: 'query',
  auth: 'none',
  summary: 'Arithmetic challenge (the second captcha kind); solve it with verify to get a ticket.',
  request: z.object({}),
  response: z.object({ captchaId: z.string(), svg: z.string(), expiresIn: z.number().int() }),
});

export const verifyCaptcha = endpoint({
  id: 'auth.verify',
  method: 'POST',
  path: '/api/user/verify',
  encoding: 'form',
  auth: 'none',
  audited: false,
  summary: 'Check an arithmetic challenge; a right answer gives a single-use captcha ticket.',
  request: z.object({ captchaId: z.string().min(8).max(64), answer: z.string().trim().min(1).max(8) }),
  response: z.object({ captchaTicket: z.string(), expiresIn: z.number().int() }),
});

export const signupCode = endpoint({
  id: 'auth.signupCode',
  method: 'GET',
  path: '/api/user/signup/code',
  encoding: 'query',
  auth: 'none',
  summary: 'Send a 6-digit sign-up code to the address.',
  request: z.object({ email }),
  response: codeSent,
});

export const signup = endpoint({
  id: 'auth.signup',
  method: 'POST',
  path: '/api/user/signup',
  encoding: 'form',
  auth: 'none',
  audited: true,
  summary: 'Create a main account with CNY and USD wallets at zero.',
  request: withConfirmedPassword({ email, code: mailCode, inviteCode: optionalText(inviteCode) }),
  response: z.object({ userId: z.string() }),
});

export const loginPwd = endpoint({
  id: 'auth.loginPwd',
  answers: [403, 423, 428],
  method: 'POST',
  path: '/api/user/loginPwd',
  encoding: 'form',
  auth: 'client',
  summary: 'Sign in with e-mail and password. 428 asks for a captcha or the Google step.',
  request: z.object({ username: email, password: z.string().min(1).max(128), ...captchaProof }),
  response: tokens,
});

export const loginCode = endpoint({
  id: 'auth.loginGetCode',
  method: 'GET',
  path: '/api/user/login/getCode',
  encoding: 'query',
  auth: 'none',
  summary: 'Send a sign-in code; the answer is the same whether or not the address has an account.',
  request: z.object({ email }),
  response: codeSent,
});

export const loginByCode = endpoint({
  id: 'auth.loginByCode',
  answers: [403, 423, 428],
  method: 'POST',
  path: '/api/user/loginByCode',
  encoding: 'form',
  auth: 'client',
  summary: 'Sign in with the e-mailed code. 428 asks for the Google step when it is bound.',
  request: z.object({ username: email, code: mailCode }),
  response: tokens,
});

export const loginByGoogle = endpoint({
  id: 'auth.loginByGoogle',
  answers: [403, 423, 428],
  method: 'POST',
  path: '/api/user/loginByGoogle',
  encoding: 'form',
  auth: 'client',
  summary: 'Complete a sign-in with the ticket of the 428 answer and a Google Authenticator code.',
  request: z.object({ ticket: z.string().min(16).max(128), googleCode }),
  response: tokens,
});

export const refreshToken = endpoint({
  id: 'auth.token',
  answers: [403],
  method: 'POST',
  path: '/api/oauth/token',
  encoding: 'form',
  auth: 'client',
  summary: 'Refresh grant: rotates the refresh token; a reused one revokes the whole session (610).',
  request: z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(16).max(256) }),
  response: tokens,
});

export const forgetPwdCode = endpoint({
  id: 'auth.forgetPwdGetCode',
  method: 'GET',
  path: '/api/user/forgetPwd/getCode',
  encoding: 'query',
  auth: 'none',
  summary: 'Send a password-reset code; the same answer whether or not the address has an account.',
  request: z.object({ email }),
  response: codeSent,
});

export const forgetPwdSubmit = endpoint({
  id: 'auth.forgetPwdSubmit',
  method: 'POST',
  path: '/api/user/forgetPwd/submit',
  encoding: 'form',
  auth: 'none',
  audited: true,
  summary: 'Set a new password with the code; revokes every session of the account.',
  request: withConfirmedPassword({ email, code: mailCode }),
  response: nothing,
});

export const logout = endpoint({
  id: 'auth.logout',
  method: 'GET',
  path: '/api/user/logout',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  audited: true,
  summary: 'Revoke the current session.',
  request: z.object({}),
  response: nothing,
});

export const authEndpoints = [
  captchaImage,
  captchaTwo,
  verifyCaptcha,
  signupCode,
  signup,
  loginPwd,
  loginCode,
  loginByCode,
  loginByGoogle,
  refreshToken,
  forgetPwdCode,
  forgetPwdSubmit,
  logout,
];
