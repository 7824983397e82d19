/**
 * delete and batchDelete: close cards for good. In one transaction, with the cards locked (id
 * order, so two batches cannot deadlock):
 *
 * 1. every card must be deletable (not deleted already) and have no pending authorization: money
 *    held for a merchant is settled or released first, otherwise the hold would have nowhere to go
 *    (409, naming the card);
 * 2. the remaining balances return to the wallet of the cards' currency in one movement (card leg
 *    `card_delete`, wallet leg `card_withdraw` per card, described as a deletion);
 * 3. the cards become `deleted` with `deletedAt`, each gets its `delete` event;
 * 4. the issuer closes them — last, so a refusal there rolls everything back.
 *
 * All or nothing: one card that may not be deleted refuses the whole batch.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { CardView } from '@contract/cards';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { cardAuthorizations, cards, ledgerAccounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import type { Leg } from '../../ledger';
import { postMovement } from '../../ledger';
import type { CardOwner, CardRow } from '../card-access';
import { actorTag, lockOwnCard, lockOwnCards } from '../card-access';
import { recordCardEvents } from '../card-events';
import { readCardView } from '../card-view';
import { checkCardAllows } from './freeze-states';
import type { CardActor } from '../funds/recharge-keys';
import { cardMovementKey } from '../funds/recharge-keys';

interface DeleteOptions {
  idempotencyKey: string | null;
  actor: CardActor;
}

interface Deleted {
  refunded: number;
  txnNo: string | null;
}

async function refusePending(tx: Tx, rows: readonly CardRow[]): Promise<void> {
  const [pending] = await tx
    .select({ cardId: cardAuthorizations.cardId })
    .from(cardAuthorizations)
    .where(
      and(
        inArray(
          cardAuthorizations.cardId,
          rows.map((card) => card.id),
        ),
        eq(cardAuthorizations.status, 'pending'),
      ),
    )
    .limit(1);
  if (!pending) return;
  const card = rows.find((row) => row.id === pending.cardId);
  throw fail.conflict('server:cards.pendingAuthorizations', { serial: card?.serial ?? '' });
}

/** The locked cards' deletion; the caller has locked them (also: a single-use card's close, spending/single-use.ts). */
export async function deleteLocked(
  tx: Tx,
  ctx: AppContext,
  owner: CardOwner,
  rows: readonly CardRow[],
  options: DeleteOptions,
): Promise<Deleted> {
  for (const card of rows) checkCardAllows(card, 'delete');
  await refusePending(tx, rows);
  const now = ctx.now();

  const balances = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.id,
        rows.map((card) => card.ledgerAccountId),
      ),
    );
  const balanceOf = (card: CardRow) => balances.find((row) => row.id === card.ledgerAccountId)?.balance ?? 0;
  const legs: Leg[] = [];
  for (const card of rows) {
    const balance = balanceOf(card);
    if (balance <= 0) continue;
    legs.push(
      {
        account: { card: { cardId: card.id, currency: card.currency } },
        amount: -balance,
        type: 'card_delete',
        cardSerial: card.serial,
        label: card.label,
      },
      {
        account: { wallet: { accountId: owner.accountId, currency: card.currency } },
        amount: balance,
        type: 'card_withdraw',
        description: `card ${card.serial} deleted`,
        cardSerial: card.serial,
        label: card.label,
      },
    );
  }
  const refunded = legs.reduce((sum, leg) => (leg.amount > 0 ? sum + leg.amount : sum), 0);
  const posted =
    legs.length > 0
      ? await postMovement(tx, ctx, {
          key: cardMovementKey('delete', owner.accountId, options.idempotencyKey),
          kind: 'card_delete',
          accountId: owner.accountId,
          reference: rows.length === 1 ? rows[0]!.id : null,
          legs,
          actor: options.actor,
        })
      : null;

  await tx
    .update(cards)
    .set({ status: 'deleted', frozenBy: null, deletedAt: now, updatedAt: now })
    .where(
      inArray(
        cards.id,
        rows.map((card) => card.id),
      ),
    );
  await recordCardEvents(
    tx,
    rows.map((card) => ({
      cardId: card.id,
      accountId: owner.accountId,
      action: 'delete' as const,
      actor: actorTag(owner),
      ip: options.actor.ip,
      detail: {
        refunded: balanceOf(card),
        currency: card.currency,
        txnNo: posted && balanceOf(card) > 0 ? posted.transactionId : null,
      },
      at: now,
    })),
  );
  for (const card of rows) await ctx.issuer.setCardState(card.issuerRef, 'closed');
  return { refunded, txnNo: posted?.transactionId ?? null };
}

export async function deleteCard(
  ctx: AppContext,
  owner: CardOwner,
  cardId: string,
  options: DeleteOptions & { lang: Lang },
): Promise<{ card: CardView } & Deleted> {
  return inTransaction(ctx.database.db, async (tx) => {
    const card = await lockOwnCard(tx, owner, cardId);
    const deleted = await deleteLocked(tx, ctx, owner, [card], options);
    return { card: await readCardView(tx, card.id, options.lang), ...deleted };
  });
}

export async function batchDeleteCards(
  ctx: AppContext,
  owner: CardOwner,
  cardIds: readonly string[],
  options: DeleteOptions,
): Promise<{ deleted: number } & Deleted> {
  return inTransaction(ctx.database.db, async (tx) => {
    const rows = await lockOwnCards(tx, owner, cardIds);
    const deleted = await deleteLocked(tx, ctx, owner, rows, options);
    return { deleted: rows.length, ...deleted };
  });
}
