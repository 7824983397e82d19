/**
 * POST /api/card/getCardBalance: the card's balance (its ledger account), the money held by its
 * pending authorizations (already off the balance: a hold moves it out when the merchant asks) and
 * its cumulative consumption. Deleted cards answer too: their history stays readable.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ResponseOf } from '@contract/core';
import { currencyCode } from '@contract/core';
import type { getCardBalance } from '@contract/cards';
import type { AppContext } from '../../../context';
import { cardAuthorizations } from '../../../db/schema';
import type { CardOwner } from '../card-access';
import { findOwnCard } from '../card-access';
import { cardLedgerBalance } from './reduce-card';

export async function readCardBalance(
  ctx: AppContext,
  owner: CardOwner,
  cardId: string,
): Promise<ResponseOf<typeof getCardBalance>> {
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, cardId);
  const [balance, [held]] = await Promise.all([
    cardLedgerBalance(db, card),
    db
      .select({ pending: sql<string>`coalesce(sum(${cardAuthorizations.amount}), 0)` })
      .from(cardAuthorizations)
      .where(and(eq(cardAuthorizations.cardId, card.id), eq(cardAuthorizations.status, 'pending'))),
  ]);
  return {
    cardId: card.id,
    currency: currencyCode.parse(card.currency),
    balance,
    // sum() of bigint is numeric: the driver hands it over as text.
    pending: Number(held?.pending ?? 0),
    spent: card.spent,
  };
}
