/**
 * The console's content calls (issue 31 §2; decisions.md "Operator console: content"): notices, card
 * segments, fees, rate plans, coupons, customer look-up and freezing. Declared with
 * `operatorEndpoint()` like every console call; `operatorEndpoints` (operator.ts) spreads
 * `operatorContentEndpoints`, so the role × endpoint test covers each with no further entry.
 * Permission ids: contract/operator.ts (support: notices, look-up, freeze; admin: all, pricing too).
 */
import { z } from 'zod';
import { isoTime, minorUnits, pageOf, pageQuery } from './core';
import { noticeKind, noticeLang } from './notices';
import type { OperatorEndpointDef } from './operator';
import { operatorEndpoint } from './operator';

const id = z.string().trim().min(1).max(64);
const reason = z.string().trim().min(1, { error: 'console:errors.reasonRequired' }).max(500);
const optionalReason = z.string().trim().max(500).optional();
/** A time the operator states: ISO-8601 with offset. */
const statedTime = z.iso
  .datetime({ offset: true, error: 'server:operatorContent.time' })
  .transform((text) => new Date(text));
const bp = z.number().int().min(0).max(10_000);

// ---- Notices ---------------------------------------------------------------------------------------

export const noticeState = z.enum(['draft', 'scheduled', 'published', 'retired']);
export const noticeAudience = z.enum(['all', 'chosen']);

export const consoleNotice = z.object({
  id: z.string(),
  lang: noticeLang,
  kind: noticeKind,
  title: z.string(),
  /** Sanitised HTML, as customers get it. */
  msg: z.string(),
  state: noticeState,
  audience: noticeAudience,
  /** Sign-in addresses of the chosen customers. */
  targets: z.array(z.string()),
  publishAt: isoTime.nullable(),
  retiredAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ConsoleNoticeView = z.infer<typeof consoleNotice>;

export const consoleNotices = operatorEndpoint({
  id: 'operator.notices',
  method: 'GET',
  path: '/api/operator/notices',
  encoding: 'query',
  auth: 'operator',
  permission: 'notices.manage',
  summary: 'Every notice (drafts, scheduled, published, retired), last changed first.',
  request: pageQuery,
  response: pageOf(consoleNotice),
});

const noticeText = {
  title: z.string().max(1000),
  msg: z.string().max(300_000),
};

export const saveConsoleNotice = operatorEndpoint({
  id: 'operator.noticeSave',
  method: 'POST',
  path: '/api/operator/notices/save',
  encoding: 'json',
  auth: 'operator',
  permission: 'notices.manage',
  summary: 'Writes a notice as a draft, or changes a draft (`id`). The body is sanitised.',
  request: z.object({
    id: id.optional(),
    lang: noticeLang,
    kind: noticeKind,
    ...noticeText,
    audience: noticeAudience,
    targets: z.array(z.string().trim().max(200)).max(1000).default([]),
  }),
  response: consoleNotice,
});

export const previewConsoleNotice = operatorEndpoint({
  id: 'operator.noticePreview',
  method: 'POST',
  path: '/api/operator/notices/preview',
  encoding: 'json',
  auth: 'operator',
  permission: 'notices.manage',
  summary: 'The title and body as customers would get them (sanitised); stores nothing.',
  request: z.object(noticeText),
  response: z.object({ title: z.string(), msg: z.string() }),
});

export const publishConsoleNotice = operatorEndpoint({
  id: 'operator.noticePublish',
  method: 'POST',
  path: '/api/operator/notices/publish',
  encoding: 'json',
  auth: 'operator',
  permission: 'notices.manage',
  summary: 'Publishes a draft now, or from `publishAt` (scheduled).',
  request: z.object({ id, publishAt: statedTime.optional() }),
  response: consoleNotice,
});

export const retireConsoleNotice = operatorEndpoint({
  id: 'operator.noticeRetire',
  method: 'POST',
  path: '/api/operator/notices/retire',
  encoding: 'json',
  auth: 'operator',
  permission: 'notices.manage',
  summary: 'Retires a notice: no customer sees it from now on.',
  request: z.object({ id, reason: optionalReason }),
  response: consoleNotice,
});

// ---- Customers -------------------------------------------------------------------------------------

export const customerStatus = z.enum(['active', 'frozen', 'cancelled']);

export const customerHit = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  status: customerStatus,
  createdAt: isoTime,
});

export const customerDetail = z.object({
  profile: customerHit.extend({
    mobile: z.string().nullable(),
    accountType: z.enum(['business', 'personal']),
    planCode: z.string(),
    lang: z.string(),
    frozenReason: z.string().nullable(),
    frozenAt: isoTime.nullable(),
  }),
  verification: z.string(),
  wallets: z.array(z.object({ currency: z.string(), balance: minorUnits })),
  /** Without secrets: serial and last four digits only. */
  cards: z.array(
    z.object({
      id: z.string(),
      serial: z.string(),
      last4: z.string(),
      segmentId: z.string(),
      currency: z.string(),
      status: z.string(),
      balance: minorUnits,
      label: z.string().nullable(),
      createdAt: isoTime,
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      transactionId: z.string(),
      currency: z.string(),
      amount: minorUnits,
      balanceAfter: minorUnits,
      type: z.string(),
      description: z.string(),
      cardSerial: z.string().nullable(),
      createdAt: isoTime,
    }),
  ),
});
export type CustomerDetailView = z.infer<typeof customerDetail>;

export const searchCustomersCall = operatorEndpoint({
  id: 'operator.customers',
  method: 'GET',
  path: '/api/operator/customers',
  encoding: 'query',
  auth: 'operator',
  permission: 'customers.read',
  summary: 'Customers whose sign-in address contains `q`, or whose id is `q` (at most 20).',
  request: z.object({ q: z.string().trim().max(200) }),
  response: z.array(customerHit),
});

export const customerDetailCall = operatorEndpoint({
  id: 'operator.customer',
  method: 'GET',
  path: '/api/operator/customers/detail',
  encoding: 'query',
  auth: 'operator',
  permission: 'customers.read',
  summary: 'One customer: profile, verification, wallets, cards (no secrets), recent ledger rows.',
  request: z.object({ id }),
  response: customerDetail,
});

export const freezeCustomerCall = operatorEndpoint({
  id: 'operator.customerFreeze',
  method: 'POST',
  path: '/api/operator/customers/freeze',
  encoding: 'json',
  auth: 'operator',
  permission: 'customers.freeze',
  summary: 'Freezes (frozen true) or unfreezes an account, with a reason. Freezing ends its sessions.',
  request: z.object({ id, frozen: z.boolean(), reason }),
  response: z.object({
    id: z.string(),
    status: z.enum(['active', 'frozen']),
    frozenReason: z.string().nullable(),
    frozenAt: isoTime.nullable(),
  }),
});

// ---- Segments, fees, rate plans --------------------------------------------------------------------

const feeVersion = z.object({
  effectiveFrom: isoTime,
  inEffect: z.boolean(),
  openFee: minorUnits,
  rechargeFeeBp: z.number().int(),
  minFirstRecharge: minorUnits.nullable(),
  /** A rate plan's monthly card allowance from this version; null for a segment. */
  monthlyCardLimit: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: isoTime,
});

export const priceBook = z.object({
  segments: z.array(
    z.object({
      id: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      currency: z.string(),
      status: z.enum(['open', 'maintenance']),
      now: z.object({ openFee: minorUnits, rechargeFeeBp: z.number().int(), minFirstRecharge: minorUnits }),
      versions: z.array(feeVersion),
    }),
  ),
  plans: z.array(
    z.object({
      code: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      feeCurrency: z.string(),
      /** The allowance in force now (as `now.monthlyCardLimit`). */
      monthlyCardLimit: z.number().int(),
      now: z.object({
        openFee: minorUnits,
        rechargeFeeBp: z.number().int(),
        monthlyCardLimit: z.number().int(),
      }),
      versions: z.array(feeVersion),
    }),
  ),
});
export type PriceBookView = z.infer<typeof priceBook>;

export const priceBookCall = operatorEndpoint({
  id: 'operator.prices',
  method: 'GET',
  path: '/api/operator/prices',
  encoding: 'query',
  auth: 'operator',
  permission: 'fees.manage',
  summary: 'Every segment and rate plan: the fees in force now and every fee change, past and coming.',
  request: z.object({}),
  response: priceBook,
});

const feeChangeAnswer = z.object({ effectiveFrom: isoTime });

export const changeSegmentFeesCall = operatorEndpoint({
  id: 'operator.segmentFees',
  method: 'POST',
  path: '/api/operator/prices/segment',
  encoding: 'json',
  auth: 'operator',
  permission: 'fees.manage',
  summary: "Changes a segment's fees from `effectiveFrom` (now when absent; never in the past).",
  request: z.object({
    segmentId: id,
    effectiveFrom: statedTime.optional(),
    openFee: minorUnits.min(0),
    rechargeFeeBp: bp,
    minFirstRecharge: minorUnits.min(0),
    reason,
  }),
  response: feeChangeAnswer,
});

export const changePlanFeesCall = operatorEndpoint({
  id: 'operator.planFees',
  method: 'POST',
  path: '/api/operator/prices/plan',
  encoding: 'json',
  auth: 'operator',
  permission: 'plans.manage',
  summary:
    "Changes a rate plan's fees and monthly card allowance from `effectiveFrom` (now when absent; never in the past). An absent allowance keeps the one in force then.",
  request: z.object({
    planCode: id,
    effectiveFrom: statedTime.optional(),
    openCardFee: minorUnits.min(0),
    rechargeFeeBp: bp,
    monthlyCardLimit: z.number().int().min(0).max(10_000).optional(),
    reason,
  }),
  response: feeChangeAnswer,
});

export const withdrawFeeChangeCall = operatorEndpoint({
  id: 'operator.withdrawFees',
  method: 'POST',
  path: '/api/operator/prices/withdraw',
  encoding: 'json',
  auth: 'operator',
  permission: 'fees.manage',
  summary: 'Withdraws a fee change that has not taken effect yet.',
  request: z.object({ kind: z.enum(['segment', 'plan']), id, effectiveFrom: statedTime, reason }),
  response: z.object({ withdrawn: z.literal(true) }),
});

export const segmentStatusCall = operatorEndpoint({
  id: 'operator.segmentStatus',
  method: 'POST',
  path: '/api/operator/prices/segmentStatus',
  encoding: 'json',
  auth: 'operator',
  permission: 'segments.manage',
  summary: 'Opens a segment for new cards, or puts it in maintenance (no new cards), at once.',
  request: z.object({ segmentId: id, status: z.enum(['open', 'maintenance']), reason }),
  response: z.object({ id: z.string(), status: z.enum(['open', 'maintenance']) }),
});

// ---- Coupons ---------------------------------------------------------------------------------------

export const consoleCoupon = z.object({
  id: z.string(),
  number: z.string(),
  type: z.enum(['open_fee', 'recharge_fee']),
  discountBp: z.number().int(),
  availableTimes: z.number().int(),
  expiresAt: isoTime,
  createdAt: isoTime,
});
export type ConsoleCouponView = z.infer<typeof consoleCoupon>;

export const customerCouponsCall = operatorEndpoint({
  id: 'operator.coupons',
  method: 'GET',
  path: '/api/operator/coupons',
  encoding: 'query',
  auth: 'operator',
  permission: 'coupons.manage',
  summary: "A customer's coupons (by sign-in address), newest first.",
  request: z.object({ email: z.string().trim().toLowerCase().min(1).max(200) }),
  response: z.array(consoleCoupon),
});

export const issueCouponCall = operatorEndpoint({
  id: 'operator.couponIssue',
  method: 'POST',
  path: '/api/operator/coupons/issue',
  encoding: 'json',
  auth: 'operator',
  permission: 'coupons.manage',
  summary: 'Gives a customer a coupon.',
  request: z.object({
    email: z.string().trim().toLowerCase().min(1).max(200),
    type: z.enum(['open_fee', 'recharge_fee']),
    discountBp: z.number().int().min(1).max(10_000),
    availableTimes: z.number().int().min(1).max(1_000),
    expiresAt: statedTime,
    reason,
  }),
  response: consoleCoupon,
});

export const endCouponCall = operatorEndpoint({
  id: 'operator.couponEnd',
  method: 'POST',
  path: '/api/operator/coupons/end',
  encoding: 'json',
  auth: 'operator',
  permission: 'coupons.manage',
  summary: 'Ends a coupon from `at` (now when absent): it cannot be used from then on.',
  request: z.object({ id, at: statedTime.optional(), reason }),
  response: consoleCoupon,
});

export const operatorContentEndpoints: readonly OperatorEndpointDef[] = [
  consoleNotices,
  saveConsoleNotice,
  previewConsoleNotice,
  publishConsoleNotice,
  retireConsoleNotice,
  searchCustomersCall,
  customerDetailCall,
  freezeCustomerCall,
  priceBookCall,
  changeSegmentFeesCall,
  changePlanFeesCall,
  withdrawFeeChangeCall,
  segmentStatusCall,
  customerCouponsCall,
  issueCouponCall,
  endCouponCall,
];
