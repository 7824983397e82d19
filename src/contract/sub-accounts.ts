/**
 * Sub-accounts (spec §3, §4, §7 "Sub-accounts"): the team members of a main account, each signing
 * in with their own e-mail and password and working under one role.
 *
 * Invitation (docs/decisions.md "Sub-accounts"): the owner asks for a code (`add/getCode`, sent to
 * the OWNER's address: a stolen token alone cannot add members), then `add` creates the member as
 * `invited` and e-mails the invitee a link carrying a one-time invitation token (72 hours). The
 * invitee opens it (`invite/check`, public), chooses their own password (`invite/accept`, public)
 * and signs in with `loginPwd` like anyone else. The owner never learns the password; `resetPwd`
 * ends the member's sessions and mails a fresh set-password link the same way.
 *
 * Figures (USD consumption, CNY/USD recharge to cards, transaction count, this month's use of the
 * limits) are computed from the ledger and card records on every read, never stored.
 */
import { z } from 'zod';
import { codeSent } from './auth';
import { endpoint, isoTime, minorUnits, nothing, pageOf, pageQuery } from './core';
import {
  email,
  mailCode,
  mobile,
  nickname,
  optionalText,
  requiredText,
  stepUpTicket,
  withConfirmedPassword,
} from './fields';

// ---------------------------------------------------------------------------------------------
// Shared shapes

/** `invited`: the invitee has not set a password yet. `online`: may sign in. `frozen`: may not. */
export const subStatus = z.enum(['invited', 'online', 'frozen'], { error: 'common:validation.invalidField' });
export type SubStatus = z.infer<typeof subStatus>;

/**
 * What happens to the member's cards when the validity ends: `keep` (spec §4: they keep working at
 * merchants; only recharge, withdrawal, deletion and opening are refused), `freeze` them, or
 * `moveToOwner` (the cards become the main account's own).
 */
export const expiryPolicy = z.enum(['keep', 'freeze', 'moveToOwner'], {
  error: 'common:validation.invalidField',
});
export type ExpiryPolicy = z.infer<typeof expiryPolicy>;

/** An optional monthly limit in minor units; empty or absent = no limit. */
const limitMinor = optionalText(
  z.coerce
    .number({ error: 'common:validation.amount' })
    .int({ error: 'common:validation.amount' })
    .min(0, { error: 'common:validation.amount' })
    .max(1_000_000_000_00, { error: 'common:validation.amount' }),
);

/** Per calendar month (UTC+8): a limit (null = none) and what is used of it so far. */
export const monthlyLimit = z.object({ limit: minorUnits.nullable(), used: minorUnits });
export const monthlyLimits = z.object({
  /** CNY charged to the wallet for recharges of the member's cards (opening loads included). */
  cnyRecharge: monthlyLimit,
  /** USD charged to the wallet for recharges of the member's cards (opening loads included). */
  usdRecharge: monthlyLimit,
  /** USD spent at merchants with the member's cards (approved authorizations). */
  usdSpend: monthlyLimit,
});
export type MonthlyLimits = z.infer<typeof monthlyLimits>;

/** Lifetime figures of one member, from the ledger and card records. */
export const subFigures = z.object({
  usdConsumption: minorUnits,
  cnyRecharge: minorUnits,
  usdRecharge: minorUnits,
  tradeCount: z.number().int(),
});

export const subAccountView = z.object({
  id: z.string(),
  /** The member's number (spec "number"; `subUid` of infoForSub), unique across the product. */
  subUid: z.string(),
  nickname: z.string(),
  email: z.string(),
  wechat: z.string().nullable(),
  mobile: z.string().nullable(),
  status: subStatus,
  /** Validity end; after it the member is `expired` (spec §4). */
  validUntil: isoTime,
  expired: z.boolean(),
  expiryPolicy,
  roleId: z.string(),
  roleName: z.string(),
  figures: subFigures,
  limits: monthlyLimits,
  lastSignInAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type SubAccountView = z.infer<typeof subAccountView>;

const subAccountId = requiredText(64);
/** A future instant: the validity end (ISO-8601, or a calendar day meaning its end in UTC+8). */
const validUntil = z
  .string({ error: 'subAccounts:validation.validUntil' })
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'subAccounts:validation.validUntil' });

// ---------------------------------------------------------------------------------------------
// The team list and enum

export const subList = endpoint({
  id: 'subAccounts.list',
  method: 'GET',
  path: '/api/sub/list',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'The members of the account with their figures and limits, newest first.',
  request: pageQuery.extend({
    /** Matches nickname, e-mail or number. */
    keyword: optionalText(z.string().trim().max(64)),
    status: optionalText(subStatus),
    roleId: optionalText(z.string().trim().max(64)),
    /** 1: only expired members; 0: only valid ones. */
    expired: optionalText(z.enum(['0', '1'])),
  }),
  response: pageOf(subAccountView),
});

export const subUserEnum = endpoint({
  id: 'subAccounts.userEnum',
  method: 'GET',
  path: '/api/sub/user/enum',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Every member, for filters (the sub-account pages filter cards and records by member).',
  request: z.object({}),
  response: z.array(
    z.object({ id: z.string(), subUid: z.string(), nickname: z.string(), email: z.string() }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Invitation

export const subAddCode = endpoint({
  id: 'subAccounts.addGetCode',
  method: 'GET',
  path: '/api/sub/add/getCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: "Send a code to the OWNER's address, confirming the invitation of a new member.",
  request: z.object({}),
  response: codeSent,
});

export const subAdd = endpoint({
  id: 'subAccounts.add',
  method: 'POST',
  path: '/api/sub/add',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Invite a member: created as `invited`, an invitation link (72 h) is e-mailed to them to set their password. 409 when the address is taken.',
  request: z.object({
    code: mailCode,
    email,
    nickname,
    wechat: optionalText(z.string().trim().max(64, { error: 'common:validation.tooLong' })),
    mobile: optionalText(mobile),
    roleId: requiredText(64),
    validUntil,
    expiryPolicy: expiryPolicy.default('keep'),
    cnyRechargeLimit: limitMinor,
    usdRechargeLimit: limitMinor,
    usdSpendLimit: limitMinor,
  }),
  response: subAccountView,
});

/** What the invitee sees before choosing a password. */
export const invitationView = z.object({
  email: z.string(),
  nickname: z.string(),
  /** The inviting main account's nickname or address. */
  ownerName: z.string(),
  /** The role the owner gave the member (what they will be able to do), null if it was deleted. */
  roleName: z.string().nullable(),
  expiresAt: isoTime,
});

const invitationToken = z
  .string({ error: 'subAccounts:validation.invitation' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'subAccounts:validation.invitation' });

export const inviteCheck = endpoint({
  id: 'subAccounts.inviteCheck',
  method: 'GET',
  path: '/api/sub/invite/check',
  encoding: 'query',
  auth: 'none',
  summary: 'Public: the invitation behind a link (404 when unknown, used or expired).',
  request: z.object({ token: invitationToken }),
  response: invitationView,
});

export const inviteAccept = endpoint({
  id: 'subAccounts.inviteAccept',
  answers: [404],
  method: 'POST',
  path: '/api/sub/invite/accept',
  encoding: 'form',
  auth: 'none',
  audited: true,
  summary: 'Public: set the member’s password with the invitation token (spent); the member is `online`.',
  request: withConfirmedPassword({ token: invitationToken }),
  response: z.object({ email: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Managing a member

export const subFrozen = endpoint({
  id: 'subAccounts.frozen',
  method: 'POST',
  path: '/api/sub/frozen',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Freeze (`frozen`: 1; every session of the member ends at once) or unfreeze (0) a member.',
  request: z.object({ subAccountId, frozen: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) }),
  response: subAccountView,
});

export const subResetPwd = endpoint({
  id: 'subAccounts.resetPwd',
  method: 'POST',
  path: '/api/sub/resetPwd',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'End the member’s sessions, void the password and e-mail a fresh set-password link.',
  request: z.object({ subAccountId }),
  response: nothing,
});

export const subRenew = endpoint({
  id: 'subAccounts.renew',
  method: 'POST',
  path: '/api/sub/renew',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Set a new validity end (in the future); an expired member becomes valid at once.',
  request: z.object({ subAccountId, validUntil }),
  response: subAccountView,
});

export const subEditRole = endpoint({
  id: 'subAccounts.editRole',
  method: 'POST',
  path: '/api/sub/editRole',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Give the member another role; it counts from the member’s next request.',
  request: z.object({ subAccountId, roleId: requiredText(64) }),
  response: subAccountView,
});

export const subLimits = endpoint({
  id: 'subAccounts.limits',
  method: 'POST',
  path: '/api/sub/limits',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Set the member’s monthly limits (empty = no limit); enforced inside each money transaction.',
  request: z.object({
    subAccountId,
    cnyRechargeLimit: limitMinor,
    usdRechargeLimit: limitMinor,
    usdSpendLimit: limitMinor,
  }),
  response: subAccountView,
});

export const subExpiryPolicy = endpoint({
  id: 'subAccounts.expiryPolicy',
  method: 'POST',
  path: '/api/sub/expiryPolicy',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'What happens to the member’s cards when the validity ends (keep, freeze, move to owner).',
  request: z.object({ subAccountId, expiryPolicy }),
  response: subAccountView,
});

// ---------------------------------------------------------------------------------------------
// The signed-in member (infoForSub, overviewForSub live in account.ts; this is the extra view)

/** What a member sees of themselves: validity, role and limits (the /subHome card). */
export const subSelf = z.object({
  subUid: z.string(),
  roleName: z.string(),
  validUntil: isoTime,
  expired: z.boolean(),
  expiryPolicy,
  limits: monthlyLimits,
});
export type SubSelf = z.infer<typeof subSelf>;

/**
 * A member changes its own password: the proof is a `password_change` step-up ticket bought with
 * its current password (`/api/user/stepUp`; 428 `{ stepUp }` without a live one). Its other
 * sessions end; the session that asked stays. The main account gets 4030 (it has its own calls).
 */
export const subSelfPassword = endpoint({
  id: 'subAccounts.selfPassword',
  method: 'POST',
  path: '/api/sub/self/password',
  encoding: 'form',
  auth: 'bearer',
  // Done from /account, the page `personal:account` opens (docs/decisions.md "Sub-accounts and roles").
  permission: 'personal:account',
  summary:
    'A member changes its own password with a `password_change` step-up (its current password); its other sessions end.',
  request: withConfirmedPassword({ stepUpTicket: optionalText(stepUpTicket) }),
  response: nothing,
});

/** A member changes its own name; the main account gets 4030. */
export const subSelfProfile = endpoint({
  id: 'subAccounts.selfProfile',
  method: 'POST',
  path: '/api/sub/self/profile',
  encoding: 'form',
  auth: 'bearer',
  permission: 'personal:account',
  summary: 'A member changes its own name (nickname); the owner sees it on the team page.',
  request: z.object({ nickname }),
  response: z.object({ nickname: z.string() }),
});

export const subAccountsEndpoints = [
  subList,
  subUserEnum,
  subAddCode,
  subAdd,
  inviteCheck,
  inviteAccept,
  subFrozen,
  subResetPwd,
  subRenew,
  subEditRole,
  subLimits,
  subExpiryPolicy,
  subSelfPassword,
  subSelfProfile,
];
