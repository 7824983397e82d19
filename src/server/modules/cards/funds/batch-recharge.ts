/**
 * batchRechargeCost and batchRecharge: the same amount onto each of several cards, all or nothing,
 * in one ledger movement (one transaction number, one wallet debit; one card event per card). A
 * single card that may not be loaded (frozen, deleted, above the limit) refuses the whole batch and
 * is named in the message.
 */
import { and, inArray } from 'drizzle-orm';
import type { CardView, CostBreakdown } from '@contract/cards';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import type { Executor } from '../../../db/client';
import { cards } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner, CardRow } from '../card-access';
import { actorTag, cardNotFound, lockOwnCards, ownedBy } from '../card-access';
import { recordCardEvents } from '../card-events';
import { readCardViews } from '../card-view';
import type { LoadPayment } from './load-cards';
import { chargeLoad, quoteLoad } from './load-cards';
import type { CardActor } from './recharge-keys';

export interface BatchRechargeQuery {
  cardIds: string[];
  amount: number;
}

export interface BatchRechargeInput extends BatchRechargeQuery, Omit<LoadPayment, 'couponId'> {}

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
  return quoteLoad(ctx, db, owner, rows, { amount: input.amount });
}

export async function batchRechargeCards(
  ctx: AppContext,
  owner: CardOwner,
  input: BatchRechargeInput,
  options: { idempotencyKey: string | null; actor: CardActor; lang: Lang },
): Promise<{ cards: CardView[]; txnNo: string }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const rows = await lockOwnCards(tx, owner, input.cardIds);
    // Coupons are for single loads (recharge-price.ts): a batch is priced without one.
    const { price, posted, now } = await chargeLoad(
      tx,
      ctx,
      owner,
      rows,
      { amount: input.amount, debitCurrency: input.debitCurrency, expectTotal: input.expectTotal },
      { action: 'batch-recharge', idempotencyKey: options.idempotencyKey, actor: options.actor },
    );
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
