/**
 * Every filtered record for an export, in keyset-paged batches: each batch continues after the last
 * (created_at, id) of the one before, so a batch costs the same at the end of the file as at the
 * start and only one batch is in memory. No transaction is held between batches (the flows
 * export's reasoning: an export must not pin a connection for its whole duration).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardAuthorizations, cards } from '../../db/schema';
import type { TradeFilter, TradeRecord, TradeScope, TradeView } from './trade-query';
import { tradeColumns, tradeWhere } from './trade-query';
import type { KeysetCursor } from '../flows/keyset';
import { keysetBatch, olderThan } from '../flows/keyset';
import type { ExportBatch } from '../flows/stream-export';

export const TRADE_BATCH_ROWS = 2_000;

export type TradeBatch = ExportBatch<TradeRecord, KeysetCursor>;

export async function readTradeBatch(
  db: Executor,
  scope: TradeScope,
  view: TradeView,
  filter: TradeFilter,
  after: KeysetCursor | null,
  size = TRADE_BATCH_ROWS,
): Promise<TradeBatch> {
  const a = cardAuthorizations;
  const where = tradeWhere(scope, view, filter);
  const rows = await db
    .select({ ...tradeColumns, cursor: sql<string>`${a.createdAt}::text` })
    .from(a)
    .innerJoin(cards, eq(cards.id, a.cardId))
    .where(and(where, olderThan(a.createdAt, a.id, after)))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(size);
  return keysetBatch(rows, size);
}
