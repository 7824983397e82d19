/**
 * batchRechargeCost and batchRecharge: the same amount onto each of several cards, all or nothing,
 * in one ledger movement (one transaction number, one wallet debit; one card event per card). A
 * single card that may not be loaded (frozen, deleted, above the limit) refuses the whole batch and
 * is named in the message.
 */
import { and, inArray } from 'drizzle-orm';
import type { CardView, CostBreakdown, DebitCurrency } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import type { Executor } from '../../db/client';
import { cards } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { postMovement } from '../ledger';
import type { CardOwner, CardRow } from './card-access';
import { actorTag, cardNotFound, lockOwnCards, ownedBy } from './card-access';
import { recordCardEvents } from './card-events';
import { readCardViews } from './card-view';
import { checkCardAllows } from './freeze-states';
import { chargeLegs, costBreakdownOf, quotedTotal } from './pricing';
import type { CardActor } from './recharge-keys';
import { cardMovementKey } from './recharge-keys';
import { priceLoad } from './recharge-price';

export interface BatchRechargeQuery {
  cardIds: string[];
  amount: number;
}

export interface BatchRechargeInput extends BatchRechargeQuery {
  debitCurrency: DebitCurrency;
  expectTotal: number;
}

/** The caller's cards of the list (no lock: for quoting); any missing one is a 404. */
async function findOwnCards(db: Executor, owner: CardOwner, cardIds: readonly string[]): Promise<CardRow[]> {
  const unique = [...new Set(cardIds)];
  const rows = await db
    .select()
    .from(cards)
    .where(and(inArray(cards.id, unique), ownedBy(owner)));
  if (rows.length !== unique.length) throw cardNotFound();
  return rows;
}

export async function quoteBatchRecharge(
  ctx: AppContext,
  owner: CardOwner,
  input: BatchRechargeQuery,
): Promise<CostBreakdown> {
  const db = ctx.database.db;
  const rows = await findOwnCards(db, owner, input.cardIds);
  for (const card of rows) checkCardAllows(card, 'recharge');
  const price = await priceLoad(db, owner.accountId, rows, input.amount, null);
  return costBreakdownOf(ctx, db, owner.accountId, price);
}

export async function batchRechargeCards(
  ctx: AppContext,
  owner: CardOwner,
  input: BatchRechargeInput,
  options: { idempotencyKey: string | null; actor: CardActor; lang: Lang },
): Promise<{ cards: CardView[]; txnNo: string }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const rows = await lockOwnCards(tx, owner, input.cardIds);
    for (const card of rows) checkCardAllows(card, 'recharge');
    const now = ctx.now();
    const price = await priceLoad(tx, owner.accountId, rows, input.amount, null);
    const total = quotedTotal(ctx, price, input.debitCurrency, input.expectTotal);
    const posted = await postMovement(tx, ctx, {
      key: cardMovementKey('batch-recharge', owner.accountId, options.idempotencyKey),
      kind: 'card_recharge',
      accountId: owner.accountId,
      legs: chargeLegs({
        accountId: owner.accountId,
        price,
        debitCurrency: input.debitCurrency,
        total,
        kind: 'card_recharge',
        cards: rows.map((card) => ({ cardId: card.id, serial: card.serial, label: card.label })),
        description: rows.length === 1 ? rows[0]!.serial : `${rows.length} cards`,
      }),
      actor: options.actor,
    });
    if (!posted.replayed)
      await recordCardEvents(
        tx,
        rows.map((card) => ({
          cardId: card.id,
          accountId: owner.accountId,
          action: 'recharge' as const,
          actor: actorTag(owner),
          ip: options.actor.ip,
          detail: {
            amount: input.amount,
            currency: price.cardCurrency,
            batch: rows.length,
            txnNo: posted.transactionId,
          },
          at: now,
        })),
      );
    const ids = rows.map((card) => card.id);
    const views = await readCardViews(tx, inArray(cards.id, ids), options.lang);
    // In the order the customer listed them.
    const order = new Map(input.cardIds.map((id, index) => [id, index]));
    views.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { cards: views, txnNo: posted.transactionId };
  });
}
