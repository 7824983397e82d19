/**
 * The exports of the card records (authTransDown: every authorization; transDown: the approved
 * ones), exactly the rows the matching page lists for the same filters, all pages, as XLSX or CSV,
 * streamed like the flows export (flows/stream-export.ts). The filters and the first read happen
 * before the first byte, so they can still answer the JSON envelope; after that a failure breaks
 * the transfer instead of ending a file that looks complete.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import type { ExportFormat } from '../flows/stream-export';
import { streamExport } from '../flows/stream-export';
import type { TradeBatch } from './read-trade-batch';
import { readTradeBatch, TRADE_BATCH_ROWS } from './read-trade-batch';
import { tradeExportText } from './trade-cells';
import type { TradeFilter, TradeScope } from './trade-query';
import { checkTradeFilter } from './trade-query';

const FILE_NAMES = { all: 'card-authorizations', trade: 'card-transactions' } as const;

export async function exportTrades(
  ctx: AppContext,
  scope: TradeScope,
  view: 'all' | 'trade',
  lang: Lang,
  input: TradeFilter & { format: ExportFormat },
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<Response> {
  checkTradeFilter(input);
  const batchSize = options.batchSize ?? TRADE_BATCH_ROWS;
  return streamExport(ctx, {
    format: input.format,
    fileName: FILE_NAMES[view],
    text: tradeExportText(lang, view === 'all'),
    read: (after: TradeBatch['next']) =>
      readTradeBatch(ctx.database.db, scope, view, input, after, batchSize),
    records: (rows) => rows,
    log: { what: 'card records export', fields: { view } },
    signal: options.signal,
  });
}
