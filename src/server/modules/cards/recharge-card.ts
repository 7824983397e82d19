/**
 * rechargeCost and recharge: load money onto one active card from a chosen wallet (spec §1 "Per
 * card: recharge"). The cost call answers the exact breakdown; the action locks the card, prices
 * it again in its transaction, charges exactly that or refuses with 409 when it differs from the
 * total the customer was shown, and records the load in the same transaction. Above 1000 USD the
 * customer is sent to customer service (422).
 */
import type { CostBreakdown, DebitCurrency } from '../../../contract/cards';
import type { CardView } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import { postMovement } from '../ledger';
import type { CardOwner } from './card-access';
import { actorTag, findOwnCard, lockOwnCard } from './card-access';
import { recordCardEvents } from './card-events';
import { readCardView } from './card-view';
import { checkCardAllows } from './freeze-states';
import { chargeLegs, costBreakdownOf, quotedTotal, spendCoupon, usableCoupon } from './pricing';
import type { CardActor } from './recharge-keys';
import { cardMovementKey } from './recharge-keys';
import { priceLoad } from './recharge-price';

export interface RechargeQuery {
  cardId: string;
  amount: number;
  couponId?: string | undefined;
}

export interface RechargeInput extends RechargeQuery {
  debitCurrency: DebitCurrency;
  expectTotal: number;
}

export async function quoteRecharge(
  ctx: AppContext,
  owner: CardOwner,
  input: RechargeQuery,
): Promise<CostBreakdown> {
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, input.cardId);
  checkCardAllows(card, 'recharge');
  const coupon = await usableCoupon(db, owner.accountId, input.couponId, ctx.now(), false);
  const price = await priceLoad(db, owner.accountId, [card], input.amount, coupon);
  return costBreakdownOf(ctx, db, owner.accountId, price);
}

export async function rechargeCard(
  ctx: AppContext,
  owner: CardOwner,
  input: RechargeInput,
  options: { idempotencyKey: string | null; actor: CardActor; lang: Lang },
): Promise<{ card: CardView; txnNo: string }> {
  return inTransaction(ctx.database.db, async (tx) => {
    // The row lock orders this load with every other change of the card (freeze, delete).
    const card = await lockOwnCard(tx, owner, input.cardId);
    checkCardAllows(card, 'recharge');
    const now = ctx.now();
    const coupon = await usableCoupon(tx, owner.accountId, input.couponId, now, false);
    const price = await priceLoad(tx, owner.accountId, [card], input.amount, coupon);
    const total = quotedTotal(ctx, price, input.debitCurrency, input.expectTotal);
    const posted = await postMovement(tx, ctx, {
      key: cardMovementKey('recharge', owner.accountId, options.idempotencyKey),
      kind: 'card_recharge',
      accountId: owner.accountId,
      reference: card.id,
      legs: chargeLegs({
        accountId: owner.accountId,
        price,
        debitCurrency: input.debitCurrency,
        total,
        kind: 'card_recharge',
        cards: [{ cardId: card.id, serial: card.serial, label: card.label }],
        description: card.serial,
      }),
      actor: options.actor,
    });
    // A replayed movement already spent its coupon and wrote its event.
    if (!posted.replayed) {
      await spendCoupon(tx, price);
      await recordCardEvents(tx, [
        {
          cardId: card.id,
          accountId: owner.accountId,
          action: 'recharge',
          actor: actorTag(owner),
          ip: options.actor.ip,
          detail: {
            amount: price.amount,
            currency: price.cardCurrency,
            fee: price.rechargeFee - price.rechargeDiscount,
            debitCurrency: input.debitCurrency,
            total,
            txnNo: posted.transactionId,
          },
          at: now,
        },
      ]);
    }
    return { card: await readCardView(tx, card.id, options.lang), txnNo: posted.transactionId };
  });
}
