/**
 * How a card row becomes the `cardView` of the contract: joined with its segment (name, BIN,
 * network) and its ledger account (balance). Every list and action answers through here, so no
 * answer can carry more than the last four digits.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { CardView } from '../../../contract/cards';
import { currencyCode } from '../../../contract/core';
import type { Executor } from '../../db/client';
import { cards, cardSegments, ledgerAccounts } from '../../db/schema';
import type { Lang } from '../../lib/i18n';

export const cardViewColumns = {
  id: cards.id,
  serial: cards.serial,
  segmentId: cards.segmentId,
  segmentNameZh: cardSegments.nameZh,
  segmentNameEn: cardSegments.nameEn,
  network: cardSegments.network,
  bin: cardSegments.bin,
  currency: cards.currency,
  last4: cards.last4,
  holderFirstName: cards.holderFirstName,
  holderLastName: cards.holderLastName,
  balance: ledgerAccounts.balance,
  spent: cards.spent,
  status: cards.status,
  frozenBy: cards.frozenBy,
  label: cards.label,
  createdAt: cards.createdAt,
  subAccountId: cards.subAccountId,
};

/** One row of `selectCardViews`. */
export type CardViewRow = Awaited<ReturnType<typeof selectCardViews>>[number];

export function toCardView(row: CardViewRow, lang: Lang): CardView {
  return {
    id: row.id,
    serial: row.serial,
    segmentId: row.segmentId,
    segmentName: lang === 'en' ? row.segmentNameEn : row.segmentNameZh,
    network: row.network,
    bin: row.bin,
    currency: currencyCode.parse(row.currency),
    last4: row.last4,
    holderName: `${row.holderFirstName} ${row.holderLastName}`,
    balance: row.balance,
    spent: row.spent,
    status: row.status,
    frozenBy: row.frozenBy,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Card rows with their segment and balance; add a where clause, order and limit. */
export function selectCardViews(db: Executor) {
  return db
    .select(cardViewColumns)
    .from(cards)
    .innerJoin(cardSegments, eq(cardSegments.id, cards.segmentId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.ledgerAccountId));
}

export async function readCardViews(db: Executor, where: SQL | undefined, lang: Lang): Promise<CardView[]> {
  const rows = await selectCardViews(db).where(where);
  return rows.map((row) => toCardView(row, lang));
}

export async function readCardView(db: Executor, cardId: string, lang: Lang): Promise<CardView> {
  const [row] = await selectCardViews(db).where(eq(cards.id, cardId)).limit(1);
  if (!row) throw new Error(`card ${cardId} vanished`);
  return toCardView(row, lang);
}
