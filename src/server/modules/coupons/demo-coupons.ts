/**
 * The demo account's coupons (demo mode only, sandbox/seed.ts): an opening-fee coupon, a
 * recharge-fee coupon and an expired one, so the coupon list and the opening form's picker have
 * something to show. Fixed ids: the seed runs on every demo start and adds only what is missing.
 */
import type { AppContext } from '../../context';
import { coupons } from '../../db/schema';

const DAY_MS = 24 * 3600 * 1000;

export async function seedDemoCoupons(ctx: AppContext, accountId: string): Promise<void> {
  const now = ctx.now();
  await ctx.database.db
    .insert(coupons)
    .values([
      {
        id: 'demo-coupon-open-fee',
        accountId,
        number: 'CPDEMO0001',
        type: 'open_fee' as const,
        discountBp: 10_000,
        availableTimes: 5,
        expiresAt: new Date(now.getTime() + 180 * DAY_MS),
        createdAt: new Date(now.getTime() - 2 * DAY_MS),
      },
      {
        id: 'demo-coupon-recharge-fee',
        accountId,
        number: 'CPDEMO0002',
        type: 'recharge_fee' as const,
        discountBp: 5_000,
        availableTimes: 10,
        expiresAt: new Date(now.getTime() + 90 * DAY_MS),
        createdAt: new Date(now.getTime() - DAY_MS),
      },
      {
        id: 'demo-coupon-expired',
        accountId,
        number: 'CPDEMO0003',
        type: 'open_fee' as const,
        discountBp: 5_000,
        availableTimes: 3,
        expiresAt: new Date(now.getTime() - 7 * DAY_MS),
        createdAt: new Date(now.getTime() - 60 * DAY_MS),
      },
    ])
    .onConflictDoNothing();
}
