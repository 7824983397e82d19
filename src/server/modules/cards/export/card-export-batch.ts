/**
 * Reads the filtered cards for cardDown in keyset-paged batches (newest first, continuing after the
 * last (created_at, id) of the batch before — the order of `cards_account_created_idx`), so a batch
 * costs the same at the end of 10,000 cards as at the start and only one batch is in memory. No
 * transaction is held between batches. The joins are card-view.ts's (segment, balance), so the
 * filter's balance bounds apply; the sealed secrets are read only for a full export.
 */
import type { SQL } from 'drizzle-orm';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cards, cardSegments, ledgerAccounts } from '../../../db/schema';
import type { CardViewRow } from '../card-view';
import { cardViewColumns } from '../card-view';
import type { KeysetCursor } from '../../flows/keyset';
import { keysetBatch, olderThan } from '../../flows/keyset';
import type { ExportBatch } from '../../flows/stream-export';

export const CARD_EXPORT_BATCH = 1_000;

export interface CardExportRow extends CardViewRow {
  /** The sealed secrets; null unless the export is full. */
  sealed: string | null;
}

export type CardBatch = ExportBatch<CardExportRow, KeysetCursor>;

export async function readCardBatch(
  db: Executor,
  where: SQL,
  full: boolean,
  after: KeysetCursor | null,
  size = CARD_EXPORT_BATCH,
): Promise<CardBatch> {
  const rows = await db
    .select({
      ...cardViewColumns,
      sealed: full ? cards.secrets : sql<null>`null`,
      cursor: sql<string>`${cards.createdAt}::text`,
    })
    .from(cards)
    .innerJoin(cardSegments, eq(cardSegments.id, cards.segmentId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.ledgerAccountId))
    .where(and(where, olderThan(cards.createdAt, cards.id, after)))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(size);
  return keysetBatch(rows, size);
}
