/**
 * What loading money onto existing cards shares between recharge (one card, maybe a coupon) and
 * batchRecharge (several cards, no coupon): every card must allow a recharge, the load is priced by
 * recharge-price.ts, and the action charges it as one ledger movement that pays each card, refused
 * with 409 when the total differs from the one the customer was shown. The callers find or lock
 * the cards and write their own card events.
 */
import type { CostBreakdown, DebitCurrency } from '@contract/cards';
import { assertWithinMonthlyLimit } from '../../sub-accounts/monthly-limit';
import type { AppContext } from '../../../context';
import type { Executor, Tx } from '../../../db/client';
import type { PostedMovement } from '../../ledger';
import { postMovement } from '../../ledger';
import type { CardOwner, CardRow } from '../card-access';
import { checkCardAllows } from '../lifecycle/freeze-states';
import type { Price } from '../open/pricing';
import { chargeLegs, costBreakdownOf, quotedTotal, spendCoupon, usableCoupon } from '../open/pricing';
import type { CardActor, CardMoneyAction } from './recharge-keys';
import { cardMovementKey } from './recharge-keys';
import { priceLoad } from './recharge-price';

export interface LoadQuery {
  /** Loaded onto each card. */
  amount: number;
  couponId?: string | undefined;
}

export interface LoadPayment extends LoadQuery {
  debitCurrency: DebitCurrency;
  expectTotal: number;
}

/** The breakdown rechargeCost and batchRechargeCost answer. */
export async function quoteLoad(
  ctx: AppContext,
  db: Executor,
  owner: CardOwner,
  loadCards: readonly CardRow[],
  query: LoadQuery,
): Promise<CostBreakdown> {
  for (const card of loadCards) checkCardAllows(card, 'recharge');
  const coupon = await usableCoupon(db, owner.accountId, query.couponId, ctx.now(), false);
  const price = await priceLoad(db, owner.accountId, loadCards, query.amount, coupon, ctx.now());
  return costBreakdownOf(ctx, db, owner.accountId, price);
}

export interface ChargedLoad {
  price: Price;
  /** What the wallet paid, in the debit currency. */
  total: number;
  posted: PostedMovement;
  now: Date;
}

/**
 * Prices the load again inside the caller's transaction (the cards locked by it) and charges it.
 * A replayed movement (the same Idempotency-Key) already spent its coupon.
 */
export async function chargeLoad(
  tx: Tx,
  ctx: AppContext,
  owner: CardOwner,
  loadCards: readonly CardRow[],
  payment: LoadPayment,
  movement: {
    action: Extract<CardMoneyAction, 'recharge' | 'batch-recharge'>;
    idempotencyKey: string | null;
    actor: CardActor;
    /** The card of a single load, for the movement's reference. */
    reference?: string;
  },
): Promise<ChargedLoad> {
  for (const card of loadCards) checkCardAllows(card, 'recharge');
  const now = ctx.now();
  const coupon = await usableCoupon(tx, owner.accountId, payment.couponId, now, false);
  const price = await priceLoad(tx, owner.accountId, loadCards, payment.amount, coupon, ctx.now());
  const total = quotedTotal(ctx, price, payment.debitCurrency, payment.expectTotal);
  await assertWithinMonthlyLimit(tx, ctx, owner, payment.debitCurrency, total);
  const posted = await postMovement(tx, ctx, {
    key: cardMovementKey(movement.action, owner.accountId, movement.idempotencyKey),
    kind: 'card_recharge',
    accountId: owner.accountId,
    reference: movement.reference,
    legs: chargeLegs({
      accountId: owner.accountId,
      price,
      debitCurrency: payment.debitCurrency,
      total,
      kind: 'card_recharge',
      cards: loadCards.map((card) => ({ cardId: card.id, serial: card.serial, label: card.label })),
      description: loadCards.length === 1 ? loadCards[0]!.serial : `${loadCards.length} cards`,
    }),
    actor: movement.actor,
  });
  if (!posted.replayed) await spendCoupon(tx, price);
  return { price, total, posted, now };
}
