/** `coupon/list`: the caller's coupons, newest first, optionally by derived status, paged. */
import { and, count, desc } from 'drizzle-orm';
import type { CouponView } from '../../../contract/coupons';
import type { AppContext } from '../../context';
import { coupons } from '../../db/schema';
import type { CouponStatus } from './coupon-view';
import { couponStatusWhere, ownCoupons, toCouponView } from './coupon-view';

export interface CouponPage {
  data: CouponView[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export async function listCoupons(
  ctx: AppContext,
  accountId: string,
  filter: { pageNo: number; pageSize: number; status?: CouponStatus | undefined },
): Promise<CouponPage> {
  const db = ctx.database.db;
  const now = ctx.now();
  const where = and(ownCoupons(accountId), filter.status ? couponStatusWhere(filter.status, now) : undefined);
  const [totals] = await db.select({ total: count() }).from(coupons).where(where);
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  return {
    data: rows.map((row) => toCouponView(row, now)),
    total: totals?.total ?? 0,
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}
