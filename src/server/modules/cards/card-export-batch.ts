/**
 * Reads the filtered cards for cardDown in keyset-paged batches (newest first, continuing after the
 * last (created_at, id) of the batch before — the order of `cards_account_created_idx`), so a batch
 * costs the same at the end of 10,000 cards as at the start and only one batch is in memory. No
 * transaction is held between batches. The joins are card-view.ts's (segment, balance), so the
 * filter's balance bounds apply; the sealed secrets are read only for a full export.
 */
import type { SQL } from 'drizzle-orm';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards, cardSegments, ledgerAccounts } from '../../db/schema';
import type { CardViewRow } from './card-view';
import { cardViewColumns } from './card-view';

export const CARD_EXPORT_BATCH = 1_000;

interface Cursor {
  /** created_at as PostgreSQL prints it: keeps the microseconds a JavaScript Date would drop. */
  createdAt: string;
  id: string;
}

export interface CardExportRow extends CardViewRow {
  /** The sealed secrets; null unless the export is full. */
  sealed: string | null;
}

export interface CardBatch {
  rows: CardExportRow[];
  next: Cursor | null;
}

export async function readCardBatch(
  db: Executor,
  where: SQL,
  full: boolean,
  after: Cursor | null,
  size = CARD_EXPORT_BATCH,
): Promise<CardBatch> {
  const continuing = after
    ? sql`(${cards.createdAt}, ${cards.id}) < (${after.createdAt}::timestamptz, ${after.id})`
    : undefined;
  const rows = await db
    .select({
      ...cardViewColumns,
      sealed: full ? cards.secrets : sql<null>`null`,
      cursor: sql<string>`${cards.createdAt}::text`,
    })
    .from(cards)
    .innerJoin(cardSegments, eq(cardSegments.id, cards.segmentId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.ledgerAccountId))
    .where(and(where, continuing))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(size);
  const last = rows[rows.length - 1];
  return {
    rows: rows.map(({ cursor: _cursor, ...row }) => row),
    next: last && rows.length === size ? { createdAt: last.cursor, id: last.id } : null,
  };
}
