/**
 * rechargeCost and recharge: load money onto one active card from a chosen wallet (spec §1 "Per
 * card: recharge"). The cost call answers the exact breakdown; the action locks the card, prices
 * it again in its transaction, charges exactly that or refuses with 409 when it differs from the
 * total the customer was shown, and records the load in the same transaction. Above 1000 USD the
 * customer is sent to customer service (422).
 */
import type { CardView, CostBreakdown } from '@contract/cards';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner } from '../card-access';
import { actorTag, findOwnCard, lockOwnCard } from '../card-access';
import { recordCardEvents } from '../card-events';
import { readCardView } from '../card-view';
import type { LoadPayment, LoadQuery } from './load-cards';
import { chargeLoad, quoteLoad } from './load-cards';
import type { CardActor } from './recharge-keys';

export interface RechargeQuery extends LoadQuery {
  cardId: string;
}

export interface RechargeInput extends RechargeQuery, LoadPayment {}

export async function quoteRecharge(
  ctx: AppContext,
  owner: CardOwner,
  input: RechargeQuery,
): Promise<CostBreakdown> {
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, input.cardId);
  return quoteLoad(ctx, db, owner, [card], input);
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
    const { price, total, posted, now } = await chargeLoad(tx, ctx, owner, [card], input, {
      action: 'recharge',
      idempotencyKey: options.idempotencyKey,
      actor: options.actor,
      reference: card.id,
    });
    // A replayed movement already wrote its event.
    if (!posted.replayed)
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
    return { card: await readCardView(tx, card.id, options.lang), txnNo: posted.transactionId };
  });
}
