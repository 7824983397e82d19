/**
 * A coupon row as the contract's `couponView`. The status is derived, never stored: a coupon with no
 * uses left is `used_up` (what the customer remembers doing with it) even once its date has passed;
 * one with uses left is `expired` after its date and `available` before.
 */
import { and, gt, lte, type SQL, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { couponStatus, CouponView } from '../../../contract/coupons';
import { coupons } from '../../db/schema';
import type { CouponRow } from '../cards/open/pricing';

export type CouponStatus = z.infer<typeof couponStatus>;

export function couponStatusOf(coupon: CouponRow, now: Date): CouponStatus {
  if (coupon.availableTimes <= 0) return 'used_up';
  return coupon.expiresAt <= now ? 'expired' : 'available';
}

/** The same rule as a where clause, for filtering in the database. */
export function couponStatusWhere(status: CouponStatus, now: Date): SQL {
  if (status === 'used_up') return lte(coupons.availableTimes, 0);
  const hasUses = gt(coupons.availableTimes, 0);
  return status === 'expired'
    ? and(hasUses, lte(coupons.expiresAt, now))!
    : and(hasUses, gt(coupons.expiresAt, now))!;
}

export function toCouponView(coupon: CouponRow, now: Date): CouponView {
  return {
    id: coupon.id,
    number: coupon.number,
    type: coupon.type,
    status: couponStatusOf(coupon, now),
    discountBp: coupon.discountBp,
    availableTimes: coupon.availableTimes,
    expiresAt: coupon.expiresAt.toISOString(),
  };
}

export const ownCoupons = (accountId: string): SQL => eq(coupons.accountId, accountId);
