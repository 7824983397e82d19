/** `openCardCost` and `BatchOpenCardCost`: the exact breakdown the opening will charge. */
import type { CostBreakdown } from '@contract/cards';
import type { AppContext } from '../../../context';
import { checkMonthlyLimit, checkOpening } from './open-checks';
import { costBreakdownOf, priceCards, usableCoupon } from './pricing';

export interface OpeningQuote {
  segmentId: string;
  /** First load per card, minor units of the segment's currency. */
  amount: number;
  couponId?: string | undefined;
  count: number;
}

export async function quoteOpening(
  ctx: AppContext,
  accountId: string,
  input: OpeningQuote,
): Promise<CostBreakdown> {
  const db = ctx.database.db;
  const now = ctx.now();
  // The same refusals as the opening itself, so the form says "no" before the customer confirms.
  const { schedule } = await checkOpening(db, accountId, input.segmentId, input.amount, now);
  await checkMonthlyLimit(db, accountId, input.count, now);
  const coupon = await usableCoupon(db, accountId, input.couponId, now, true);
  const price = priceCards({
    schedule,
    count: input.count,
    amountPerCard: input.amount,
    opening: true,
    coupon,
  });
  return costBreakdownOf(ctx, db, accountId, price);
}
