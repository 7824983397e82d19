/**
 * The signed-in account: profile, overview, plan, password, profile edits, closure and Google
 * Authenticator (spec §7 "Auth and user").
 */
import { z } from 'zod';
import { codeSent } from './auth';
import { currencyCode, endpoint, isoTime, minorUnits, nothing } from './core';
import {
  email,
  googleCode,
  mailCode,
  mobile,
  nickname,
  optionalText,
  stepUpTicket,
  withConfirmedPassword,
} from './fields';
import { accessGrant } from './permissions';
import { subSelf } from './sub-accounts';

export const accountType = z.enum(['business', 'personal']);

/**
 * What a step-up ticket may be spent on (docs/decisions.md "Step-up re-authentication"). One ticket
 * opens one call of one purpose, in the session that asked for it, within 5 minutes.
 */
export const stepUpPurpose = z.enum(
  [
    'email_change',
    'password_change',
    'google_unbind',
    'account_close',
    'card_reveal',
    'card_export_full',
    'bank_withdrawal',
  ],
  { error: 'common:validation.stepUpPurpose' },
);
export type StepUpPurpose = z.infer<typeof stepUpPurpose>;

/** The data of a 428 that asks for a step-up: the PWA opens the sheet for this purpose. */
export const stepUpNeeded = z.object({ stepUp: stepUpPurpose });

export const stepUp = endpoint({
  id: 'account.stepUp',
  method: 'POST',
  path: '/api/user/stepUp',
  encoding: 'form',
  auth: 'bearer',
  permission: 'any',
  summary:
    'Prove the session holder again (the password, or a Google code when Google Authenticator is bound) for one sensitive call: answers a single-use ticket bound to this session and purpose, valid 5 minutes. Wrong passwords are throttled (429).',
  request: z.object({
    purpose: stepUpPurpose,
    password: optionalText(z.string().max(64)),
    googleCode: optionalText(googleCode),
  }),
  response: z.object({ ticket: z.string(), expiresAt: isoTime }),
});

export const userInfo = z.object({
  userId: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  mobile: z.string().nullable(),
  accountType,
  /** This account's own invitation code, for the rebate programme. */
  inviteCode: z.string(),
  googleBound: z.boolean(),
  createdAt: isoTime,
  statusList: z.object({
    /** 1 when the sub-account feature is on (spec §2: on or unset means the main-account route set). */
    subSwitch: z.union([z.literal(0), z.literal(1)]),
  }),
  /**
   * The allowed route ids and permission keys, computed by the server from the account type or
   * the sub-account's role, named after the storage keys of spec §3 (`subAccount`, `Auths`,
   * `AuthsMenu`, `subPermission`). Always sent; optional only for answers stored by older versions.
   */
  ...accessGrant.partial().shape,
  /** Sub-account mode only: validity, role and monthly limits of the signed-in member. */
  sub: subSelf.nullable().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Only the currencies that apply to the account (today CNY and USD), in minor units. */
const amountsByCurrency = z.partialRecord(currencyCode, minorUnits);

export const overview = z.object({
  cards: z.object({
    total: z.number().int(),
    active: z.number().int(),
    frozen: z.number().int(),
    deleted: z.number().int(),
  }),
  monthSpend: amountsByCurrency,
  monthTopUp: amountsByCurrency,
  /** Last 30 days, oldest first; every day present (zeros included) so charts need no gap logic. */
  daily: z.array(z.object({ date: z.string(), spend: amountsByCurrency, topUp: amountsByCurrency })),
});
export type Overview = z.infer<typeof overview>;

export const privilege = z.object({
  planCode: z.string(),
  planName: z.string(),
  /** Fees in minor units of `feeCurrency`, rates in basis points (1 bp = 0.01 %). */
  feeCurrency: currencyCode,
  openCardFee: minorUnits,
  rechargeFeeBp: z.number().int(),
  monthlyCardLimit: z.number().int(),
  /** Changes and enterprise/partner plans go through customer service (spec §6). */
  changeVia: z.literal('customerService'),
});

export const info = endpoint({
  id: 'account.info',
  method: 'GET',
  path: '/api/user/info',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary:
    'The signed-in user with the allowed route ids and keys. In sub-account mode nickname, userId (the subUid) and mobile are the member’s (spec §3).',
  request: z.object({}),
  response: userInfo,
});

export const overviewCall = endpoint({
  id: 'account.overview',
  method: 'GET',
  path: '/api/user/overview',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Card counts by status, this month spend and top-ups, last 30 days per day.',
  request: z.object({}),
  response: overview,
});

export const userPrivilege = endpoint({
  id: 'account.userPrivilege',
  method: 'GET',
  path: '/api/user/userPrivilege',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary: 'The rate plan of the account.',
  request: z.object({}),
  response: privilege,
});

export const subUserInfo = z.object({
  nickname: z.string().nullable(),
  subUid: z.string(),
  mobile: z.string().nullable(),
  /** Designed beyond spec §3: the same allowed ids and keys as `info`, and the member's own view. */
  ...accessGrant.partial().shape,
  sub: subSelf.optional(),
});

export const infoForSub = endpoint({
  id: 'account.infoForSub',
  method: 'GET',
  path: '/api/user/infoForSub',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary: 'The signed-in sub-account user (spec §3: nickname, subUid, mobile). Sub-account sessions only.',
  request: z.object({}),
  response: subUserInfo,
});

export const overviewForSub = endpoint({
  id: 'account.overviewForSub',
  method: 'GET',
  path: '/api/user/overviewForSub',
  encoding: 'query',
  auth: 'bearer',
  // Figures of the member's cards: for a role that may list them.
  permission: 'card:list',
  summary: 'Overview restricted to the cards of the signed-in sub-account. Sub-account sessions only.',
  request: z.object({}),
  response: overview,
});

export const resetPwdCode = endpoint({
  id: 'account.resetPwdGetCode',
  method: 'GET',
  path: '/api/user/resetPwd/getCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Send a code to the account address to confirm a password change.',
  request: z.object({}),
  response: codeSent,
});

export const resetPwdSubmit = endpoint({
  id: 'account.resetPwdSubmit',
  method: 'POST',
  path: '/api/user/resetPwd/submit',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Change the password with the code and a `password_change` step-up ticket (428 without); every other session of the account is revoked and the address is told.',
  request: withConfirmedPassword({ code: mailCode, stepUpTicket: optionalText(stepUpTicket) }),
  response: nothing,
});

export const editCode = endpoint({
  id: 'account.editGetCode',
  method: 'GET',
  path: '/api/user/edit/getCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Send the code confirming a profile edit. With a new `email`: an `email_change` step-up ticket is required (428 without) and two codes go out, one to the current address and one to the new one; otherwise one code to the current address.',
  request: z.object({ email: optionalText(email), stepUpTicket: optionalText(stepUpTicket) }),
  response: codeSent,
});

export const editByCode = endpoint({
  id: 'account.editByCode',
  method: 'POST',
  path: '/api/user/editByCode',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Change nickname, mobile and/or e-mail with the code from edit/getCode. An e-mail change needs `code` (sent to the new address) and `oldCode` (sent to the current one) from an edit/getCode of this session that carried a step-up; it ends every other session.',
  request: z.object({
    code: mailCode,
    oldCode: optionalText(mailCode),
    nickname: optionalText(nickname),
    mobile: optionalText(mobile),
    email: optionalText(email),
  }),
  response: userInfo,
});

export const cancelCode = endpoint({
  id: 'account.cancelGetCode',
  method: 'GET',
  path: '/api/user/cancel/getCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Send the code confirming account closure.',
  request: z.object({}),
  response: codeSent,
});

export const cancelSubmit = endpoint({
  id: 'account.cancelSubmit',
  method: 'POST',
  path: '/api/user/cancel/submit',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Close the account with the code and an `account_close` step-up ticket (428 without); refused (422) while any wallet or card balance is not zero.',
  request: z.object({ code: mailCode, stepUpTicket: optionalText(stepUpTicket) }),
  response: nothing,
});

export const getGoogleCode = endpoint({
  id: 'account.getGoogleCode',
  method: 'GET',
  path: '/api/user/getGoogleCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'A new pending Google Authenticator secret with its otpauth URI and QR (PNG data URL).',
  request: z.object({}),
  response: z.object({ secret: z.string(), otpauthUri: z.string(), qrDataUrl: z.string() }),
});

export const bindGoogleCode = endpoint({
  id: 'account.bindGoogleCode',
  method: 'POST',
  path: '/api/user/bindGoogleCode',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Bind the pending secret by proving a current code.',
  request: z.object({ googleCode }),
  response: nothing,
});

export const checkGoogleCode = endpoint({
  id: 'account.checkGoogleCode',
  method: 'POST',
  path: '/api/user/checkGoogleCode',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Check a code against the bound secret (each code is accepted once).',
  request: z.object({ googleCode }),
  response: z.object({ valid: z.literal(true) }),
});

export const unbindGoogleCode = endpoint({
  id: 'account.unbindGoogleCode',
  method: 'POST',
  path: '/api/user/unbindGoogleCode',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Unbind Google Authenticator with a `google_unbind` step-up ticket (428 without; the step-up itself takes a Google code, so no second code is asked); other sessions end and the address is told.',
  request: z.object({ googleCode: optionalText(googleCode), stepUpTicket: optionalText(stepUpTicket) }),
  response: nothing,
});

export const updatePwdByGoogleCode = endpoint({
  id: 'account.updatePwdByGoogleCode',
  method: 'POST',
  path: '/api/user/updatePwdByGoogleCode',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Change the password with a `password_change` step-up ticket obtained by a Google code (428 without); other sessions are revoked and the address is told.',
  request: withConfirmedPassword({
    googleCode: optionalText(googleCode),
    stepUpTicket: optionalText(stepUpTicket),
  }),
  response: nothing,
});

export const accountEndpoints = [
  stepUp,
  info,
  overviewCall,
  userPrivilege,
  infoForSub,
  overviewForSub,
  resetPwdCode,
  resetPwdSubmit,
  editCode,
  editByCode,
  cancelCode,
  cancelSubmit,
  getGoogleCode,
  bindGoogleCode,
  checkGoogleCode,
  unbindGoogleCode,
  updatePwdByGoogleCode,
];
