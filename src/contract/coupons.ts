/** Coupons (spec §7 "Coupons"): fee discounts usable when opening or loading cards. */
import { z } from 'zod';
import { endpoint, isoTime, pageOf, pageQuery } from './core';
import { optionalText } from './fields';

export const couponType = z.enum(['open_fee', 'recharge_fee']);
/** Derived: available while it has uses left and has not expired. */
export const couponStatus = z.enum(['available', 'used_up', 'expired']);

export const couponView = z.object({
  id: z.string(),
  number: z.string(),
  type: couponType,
  status: couponStatus,
  /** Share of the fee taken off, basis points (10000 = all of it). */
  discountBp: z.number().int(),
  availableTimes: z.number().int(),
  expiresAt: isoTime,
});
export type CouponView = z.infer<typeof couponView>;

export const couponList = endpoint({
  id: 'coupons.list',
  method: 'GET',
  path: '/api/coupon/list',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:open',
  summary: 'The caller’s coupons, newest first, optionally by status.',
  request: pageQuery.extend({ status: optionalText(couponStatus) }),
  response: pageOf(couponView),
});

export const couponEnum = endpoint({
  id: 'coupons.enum',
  method: 'POST',
  path: '/api/coupon/enum',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:open',
  audited: false,
  summary: 'The coupons usable right now, for the coupon picker of card opening.',
  request: z.object({ type: optionalText(couponType) }),
  response: z.array(couponView),
});

export const couponsEndpoints = [couponList, couponEnum] as const;
