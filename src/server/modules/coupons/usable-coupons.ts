/**
 * `coupon/enum`: the coupons usable right now, for the coupon picker of card opening (optionally of
 * one type). The one that expires first comes first: it is the one to use before it is lost.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { couponType, CouponView } from '../../../contract/coupons';
import type { AppContext } from '../../context';
import { coupons } from '../../db/schema';
import { couponStatusWhere, ownCoupons, toCouponView } from './coupon-view';

type CouponType = z.infer<typeof couponType>;

export async function usableCoupons(
  ctx: AppContext,
  accountId: string,
  type: CouponType | undefined,
): Promise<CouponView[]> {
  const now = ctx.now();
  const rows = await ctx.database.db
    .select()
    .from(coupons)
    .where(
      and(
        ownCoupons(accountId),
        couponStatusWhere('available', now),
        type ? eq(coupons.type, type) : undefined,
      ),
    )
    .orderBy(asc(coupons.expiresAt), asc(coupons.id));
  return rows.map((row) => toCouponView(row, now));
}
