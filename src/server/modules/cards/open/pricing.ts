/**
 * What card money costs (issue 5 §1). One function prices every opening and load; the `*Cost`
 * calls answer its breakdown and the actions recompute it inside their transaction, charge exactly
 * that, or refuse with 409 when it differs from the total the customer was shown.
 *
 * Rules (docs/decisions.md "Card pricing"):
 * - Fees: the segment's opening fee and recharge rate, or the rate plan's when lower (plans are
 *   negotiated discounts; a plan never makes a card dearer).
 * - Recharge fee per card: amount × rate, rounded half up to the minor unit.
 * - A coupon takes its share off one kind of fee (`open_fee` or `recharge_fee`) for as many cards
 *   as it has uses left, and spends those uses.
 * - A CNY wallet pays for a USD card at FX_CNY_PER_USD; the CNY total is rounded up (the desk never
 *   hands out a fraction of a fen).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CostBreakdown, DebitCurrency } from '@contract/cards';
import { CARD_RECHARGE_SERVICE_ABOVE_USD } from '@contract/card-rules';
import { currencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import type { Executor, Tx } from '../../../db/client';
import type { cardSegments } from '../../../db/schema';
import { coupons, ledgerAccounts } from '../../../db/schema';
import { planFeesOfAccount, segmentFeesAt } from '../../pricing/fee-versions';
import { AppError, fail } from '../../../lib/errors';
import type { Leg } from '../../ledger';

export type SegmentRow = typeof cardSegments.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** The fees that apply to one account on one segment. */
export interface FeeSchedule {
  segmentId: string;
  currency: string;
  openFee: number;
  rechargeFeeBp: number;
  minFirstRecharge: number;
}

export interface Price {
  cardCurrency: string;
  count: number;
  amountPerCard: number;
  /** amountPerCard × count. */
  amount: number;
  openFee: number;
  rechargeFee: number;
  openDiscount: number;
  rechargeDiscount: number;
  couponId: string | null;
  /** Coupon uses this price spends. */
  couponUses: number;
  /** amount + fees - discounts, in the card's currency. */
  subtotal: number;
}

/**
 * The fees of one account on one segment at a moment: the segment's and the plan's fee versions in
 * force then (pricing/fee-versions.ts). `at` is when the order was priced: an opening prices its
 * re-check at commit for the moment it started, so a fee change taking effect meanwhile does not
 * alter a price already worked out (issue 31 §2).
 */
export async function feeScheduleFor(
  db: Executor,
  accountId: string,
  segment: SegmentRow,
  at: Date,
): Promise<FeeSchedule> {
  const [fees, plan] = await Promise.all([
    segmentFeesAt(db, segment, at),
    planFeesOfAccount(db, accountId, at),
  ]);
  const samePlanCurrency = plan?.feeCurrency === segment.currency;
  return {
    segmentId: segment.id,
    currency: segment.currency,
    openFee: samePlanCurrency ? Math.min(fees.openFee, plan.openCardFee) : fees.openFee,
    rechargeFeeBp: plan ? Math.min(fees.rechargeFeeBp, plan.rechargeFeeBp) : fees.rechargeFeeBp,
    minFirstRecharge: fees.minFirstRecharge,
  };
}

/** amount × basis points / 10000, rounded half up, in exact integer arithmetic. */
export function applyBp(amount: number, bp: number): number {
  return Number((BigInt(amount) * BigInt(bp) + 5000n) / 10000n);
}

export function priceCards(input: {
  schedule: FeeSchedule;
  count: number;
  amountPerCard: number;
  /** Opening charges the opening fee; a load does not. */
  opening: boolean;
  coupon: CouponRow | null;
}): Price {
  const { schedule, count, amountPerCard, opening, coupon } = input;
  const openFeeEach = opening ? schedule.openFee : 0;
  const rechargeFeeEach = applyBp(amountPerCard, schedule.rechargeFeeBp);
  const uses = coupon ? Math.min(count, coupon.availableTimes) : 0;
  const openDiscount = coupon?.type === 'open_fee' ? uses * applyBp(openFeeEach, coupon.discountBp) : 0;
  const rechargeDiscount =
    coupon?.type === 'recharge_fee' ? uses * applyBp(rechargeFeeEach, coupon.discountBp) : 0;
  const amount = amountPerCard * count;
  const openFee = openFeeEach * count;
  const rechargeFee = rechargeFeeEach * count;
  const subtotal = amount + openFee + rechargeFee - openDiscount - rechargeDiscount;
  if (!Number.isSafeInteger(subtotal)) throw fail.badRequest('common:validation.amount');
  return {
    cardCurrency: schedule.currency,
    count,
    amountPerCard,
    amount,
    openFee,
    rechargeFee,
    openDiscount,
    rechargeDiscount,
    couponId: coupon && uses > 0 && openDiscount + rechargeDiscount > 0 ? coupon.id : null,
    couponUses: coupon && openDiscount + rechargeDiscount > 0 ? uses : 0,
    subtotal,
  };
}

/** Spec §5/§9: a single load above 1000 USD goes through customer service. */
export function checkLoadLimit(currency: string, amountPerCard: number): void {
  if (currency === 'USD' && amountPerCard > CARD_RECHARGE_SERVICE_ABOVE_USD)
    throw fail.rule('server:cards.rechargeViaService');
}

export function rateMicros(ctx: AppContext): number {
  return Math.round(ctx.env.FX_CNY_PER_USD * 1_000_000);
}

/** What `debitCurrency`'s wallet pays for a price, or null when that wallet cannot pay for this card. */
export function debitTotalOf(
  ctx: AppContext,
  price: Price,
  debitCurrency: DebitCurrency,
): { total: number; rateMicros: number | null } | null {
  if (debitCurrency === price.cardCurrency) return { total: price.subtotal, rateMicros: null };
  if (debitCurrency === 'CNY' && price.cardCurrency === 'USD') {
    const rate = rateMicros(ctx);
    const total = Number((BigInt(price.subtotal) * BigInt(rate) + 999_999n) / 1_000_000n);
    return { total, rateMicros: rate };
  }
  return null;
}

/** The breakdown a `*Cost` call answers: the price and a total per wallet that can pay it. */
export async function costBreakdownOf(
  ctx: AppContext,
  db: Executor,
  accountId: string,
  price: Price,
): Promise<CostBreakdown> {
  const wallets = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.accountId, accountId), inArray(ledgerAccounts.currency, ['CNY', 'USD'])));
  const balanceOf = (currency: string) => wallets.find((w) => w.currency === currency)?.balance ?? 0;
  const totals: CostBreakdown['totals'] = [];
  for (const debitCurrency of ['USD', 'CNY'] as const) {
    const debit = debitTotalOf(ctx, price, debitCurrency);
    if (!debit) continue;
    const balance = balanceOf(debitCurrency);
    totals.push({
      debitCurrency,
      rateMicros: debit.rateMicros,
      total: debit.total,
      balance,
      enough: balance >= debit.total,
    });
  }
  return {
    cardCurrency: currencyCode.parse(price.cardCurrency),
    count: price.count,
    amount: price.amount,
    openFee: price.openFee,
    rechargeFee: price.rechargeFee,
    discount: price.openDiscount + price.rechargeDiscount,
    couponId: price.couponId,
    subtotal: price.subtotal,
    totals,
  };
}

/**
 * The total the action will charge, checked against what the customer was shown. A wallet that
 * cannot pay for this card is a bad request; a changed price is 409 (quote again).
 */
export function quotedTotal(
  ctx: AppContext,
  price: Price,
  debitCurrency: DebitCurrency,
  expectTotal: number,
): number {
  const debit = debitTotalOf(ctx, price, debitCurrency);
  if (!debit) throw fail.badRequest('server:cards.debitAccountNotUsable');
  if (debit.total !== expectTotal) throw fail.conflict('server:cards.costChanged');
  return debit.total;
}

/** The account's coupon of this id as it is now (another account's is none). */
export async function findOwnCoupon(
  db: Executor,
  accountId: string,
  couponId: string,
): Promise<CouponRow | undefined> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.accountId, accountId)))
    .limit(1);
  return coupon;
}

/** A coupon the caller may use now for this kind of charge; `undefined` id means none. */
export async function usableCoupon(
  db: Executor,
  accountId: string,
  couponId: string | undefined,
  now: Date,
  opening: boolean,
): Promise<CouponRow | null> {
  if (!couponId) return null;
  const coupon = await findOwnCoupon(db, accountId, couponId);
  if (!coupon) throw new AppError(404, 'server:cards.couponNotFound');
  if (coupon.expiresAt <= now) throw fail.rule('server:cards.couponExpired');
  if (coupon.availableTimes <= 0) throw fail.rule('server:cards.couponUsedUp');
  if (coupon.type === 'open_fee' && !opening) throw fail.rule('server:cards.couponNotForRecharge');
  return coupon;
}

/** Spends the coupon uses of a price, in the action's transaction; a coupon spent meanwhile is 409. */
export async function spendCoupon(tx: Tx, price: Price): Promise<void> {
  if (!price.couponId || price.couponUses === 0) return;
  const spent = await tx
    .update(coupons)
    .set({ availableTimes: sql`${coupons.availableTimes} - ${price.couponUses}` })
    .where(and(eq(coupons.id, price.couponId), sql`${coupons.availableTimes} >= ${price.couponUses}`))
    .returning({ id: coupons.id });
  if (spent.length === 0) throw fail.conflict('server:cards.costChanged');
}

/**
 * The ledger legs of a paid opening or load: the wallet pays the total (through the FX desk when a
 * CNY wallet pays for a USD card), each card gets its load, fee income gets the fees net of the
 * coupon. Zero legs are left out.
 */
export function chargeLegs(input: {
  accountId: string;
  price: Price;
  debitCurrency: DebitCurrency;
  total: number;
  kind: 'card_open' | 'card_recharge';
  cards: readonly { cardId: string; serial: string; label: string | null }[];
  description: string;
}): Leg[] {
  const { accountId, price, debitCurrency, total, kind, description } = input;
  const cur = price.cardCurrency;
  const netFee = price.openFee + price.rechargeFee - price.openDiscount - price.rechargeDiscount;
  const single = input.cards.length === 1 ? input.cards[0]! : null;
  const legs: Leg[] = [];
  if (debitCurrency === cur) {
    legs.push({
      account: { wallet: { accountId, currency: cur } },
      amount: -price.amount,
      type: kind,
      description,
      cardSerial: single?.serial ?? null,
      label: single?.label ?? null,
    });
    if (netFee > 0)
      legs.push({
        account: { wallet: { accountId, currency: cur } },
        amount: -netFee,
        type: 'fee',
        description,
        cardSerial: single?.serial ?? null,
      });
  } else {
    legs.push(
      {
        account: { wallet: { accountId, currency: debitCurrency } },
        amount: -total,
        type: kind,
        description,
        cardSerial: single?.serial ?? null,
        label: single?.label ?? null,
      },
      {
        account: { house: { kind: 'fx', name: `${debitCurrency}_${cur}`, currency: debitCurrency } },
        amount: total,
        type: 'fx_in',
      },
      {
        account: { house: { kind: 'fx', name: `${debitCurrency}_${cur}`, currency: cur } },
        amount: -price.subtotal,
        type: 'fx_out',
      },
    );
  }
  for (const card of input.cards)
    legs.push({
      account: { card: { cardId: card.cardId, currency: cur } },
      amount: price.amountPerCard,
      type: kind,
      cardSerial: card.serial,
      label: card.label,
    });
  const openNet = price.openFee - price.openDiscount;
  const rechargeNet = price.rechargeFee - price.rechargeDiscount;
  if (openNet > 0)
    legs.push({
      account: { house: { kind: 'fee_income', name: 'card_open', currency: cur } },
      amount: openNet,
      type: 'card_open_fee',
    });
  if (rechargeNet > 0)
    legs.push({
      account: { house: { kind: 'fee_income', name: 'card_recharge', currency: cur } },
      amount: rechargeNet,
      type: 'card_recharge_fee',
    });
  return legs;
}
