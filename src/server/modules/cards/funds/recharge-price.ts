/**
 * The price of loading money onto existing cards, for rechargeCost/recharge and
 * batchRechargeCost/batchRecharge. Every card is priced by its own segment's fees (pricing.ts,
 * `opening: false`); the cards of one request are then added up into one price, which is what one
 * movement charges. The per-card load is the same for all, so chargeLegs can credit each card with
 * `amountPerCard`.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cardSegments } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { CardRow } from '../card-access';
import type { CouponRow, Price } from '../open/pricing';
import { checkLoadLimit, feeScheduleFor, priceCards } from '../open/pricing';

export async function priceLoad(
  db: Executor,
  accountId: string,
  loadCards: readonly Pick<CardRow, 'segmentId' | 'currency'>[],
  amountPerCard: number,
  coupon: CouponRow | null,
  /** When the load is priced: its fees are those in force then. */
  at: Date,
): Promise<Price> {
  const currencies = new Set(loadCards.map((card) => card.currency));
  if (currencies.size > 1) throw fail.rule('server:cards.mixedCurrencies');
  for (const card of loadCards) checkLoadLimit(card.currency, amountPerCard);

  const bySegment = new Map<string, number>();
  for (const card of loadCards) bySegment.set(card.segmentId, (bySegment.get(card.segmentId) ?? 0) + 1);
  // Each group would spend the coupon's uses again: coupons are for single loads only.
  if (coupon && bySegment.size > 1) throw new Error('a coupon prices the cards of one segment only');
  const segments = await db
    .select()
    .from(cardSegments)
    .where(inArray(cardSegments.id, [...bySegment.keys()]));
  const prices: Price[] = [];
  for (const segment of segments) {
    const schedule = await feeScheduleFor(db, accountId, segment, at);
    prices.push(
      priceCards({
        schedule,
        count: bySegment.get(segment.id)!,
        amountPerCard,
        opening: false,
        coupon,
      }),
    );
  }
  return addPrices(prices);
}

/** One price for several segments' groups of cards of one currency (a coupon belongs to one group). */
function addPrices(prices: readonly Price[]): Price {
  const [first, ...rest] = prices;
  if (!first) throw new Error('priceLoad needs at least one card');
  return rest.reduce<Price>(
    (sum, price) => ({
      ...sum,
      count: sum.count + price.count,
      amount: sum.amount + price.amount,
      openFee: sum.openFee + price.openFee,
      rechargeFee: sum.rechargeFee + price.rechargeFee,
      openDiscount: sum.openDiscount + price.openDiscount,
      rechargeDiscount: sum.rechargeDiscount + price.rechargeDiscount,
      subtotal: sum.subtotal + price.subtotal,
    }),
    first,
  );
}
