/** One page of card records (authTrans/page, trade/page, refuse/page), newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { TradeRow } from '../../../contract/records';
import type { AppContext } from '../../context';
import { cardAuthorizations, cards } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { TradeFilter, TradeScope, TradeView } from './trade-query';
import { checkTradeFilter, tradeColumns, tradeWhere, toTradeRow } from './trade-query';

export interface TradePageInput extends TradeFilter {
  pageNo: number;
  pageSize: number;
}

export interface TradePage {
  /** `subAccountId` only on the pageForSub pages. */
  data: (TradeRow & { subAccountId?: string | null })[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export async function readTradePage(
  ctx: AppContext,
  scope: TradeScope,
  view: TradeView,
  input: TradePageInput,
  lang: Lang,
): Promise<TradePage> {
  checkTradeFilter(input);
  const db = ctx.database.db;
  const where = tradeWhere(scope, view, input);
  const skipped = (input.pageNo - 1) * input.pageSize;
  const rows = await db
    .select(tradeColumns)
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
    .where(where)
    .orderBy(desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id))
    .limit(input.pageSize)
    .offset(skipped);
  // A page that is not full is the last one and tells the total without counting.
  const lastPage = rows.length < input.pageSize && (rows.length > 0 || skipped === 0);
  let total = skipped + rows.length;
  if (!lastPage) {
    const [counted] = await db
      .select({ total: count() })
      .from(cardAuthorizations)
      .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return {
    // The pageForSub pages tell whose card each record is of.
    data: rows.map((row) =>
      scope.members ? { ...toTradeRow(row, lang), subAccountId: row.subAccountId } : toTradeRow(row, lang),
    ),
    total,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}
