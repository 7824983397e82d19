/** One page of the financial breakdown (POST /api/account/flowPage), newest first. */
import { count, desc, inArray } from 'drizzle-orm';
import type { FlowRow } from '../../../contract/finance';
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { describeWalletEntry, segmentNamesOf } from '../ledger/describe-entry';
import { ledgerEntries } from '../../db/schema';
import type { FlowFilter } from './flow-query';
import { checkFlowFilter, flowColumns, flowWhere, toFlowRow } from './flow-query';

export interface FlowPageInput extends FlowFilter {
  pageNo: number;
  pageSize: number;
}

export interface FlowPage {
  data: FlowRow[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export async function readFlowPage(
  ctx: AppContext,
  accountId: string,
  input: FlowPageInput,
  lang: Lang,
): Promise<FlowPage> {
  checkFlowFilter(input);
  const db = ctx.database.db;
  const where = flowWhere(accountId, input);
  const skipped = (input.pageNo - 1) * input.pageSize;
  // The page's keys first, then its rows: stepping over the skipped rows reads the index only
  // (an index-only scan once the table's visibility map is set), and just the page's rows are
  // fetched whole, instead of every skipped row as a plain OFFSET does.
  const keys = db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(input.pageSize)
    .offset(skipped);
  const rows = await db
    .select(flowColumns)
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.id, keys))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
  // A page that is not full is the last one, so it tells the total without counting, which is the
  // expensive half with a long history (narrow filters: one transaction, a card, a day).
  const lastPage = rows.length < input.pageSize && (rows.length > 0 || skipped === 0);
  const total = lastPage ? skipped + rows.length : await countRows(ctx, where);
  const names = await segmentNamesOf(ctx, rows);
  const data = rows.map((row) => toFlowRow(row, describeWalletEntry(row, lang, names)));
  return { data, total, pageNo: input.pageNo, pageSize: input.pageSize };
}

async function countRows(ctx: AppContext, where: ReturnType<typeof flowWhere>): Promise<number> {
  const [row] = await ctx.database.db.select({ total: count() }).from(ledgerEntries).where(where);
  return row?.total ?? 0;
}
