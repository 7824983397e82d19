/**
 * The exports of the card records (authTransDown: every authorization; transDown: the approved
 * ones), exactly the rows the matching page lists for the same filters, all pages, as XLSX or CSV,
 * streamed through the flows export's writers and byte sink. The filters and the first read happen
 * before the first byte, so they can still answer the JSON envelope; after that a failure breaks
 * the transfer instead of ending a file that looks complete.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { ByteSink } from '../flows/byte-sink';
import { productDay } from '../flows/export-cells';
import { writeCsv } from '../flows/write-csv';
import { writeXlsx } from '../flows/write-xlsx';
import type { TradeBatch } from './read-trade-batch';
import { readTradeBatch, TRADE_BATCH_ROWS } from './read-trade-batch';
import { tradeExportText } from './trade-cells';
import type { TradeFilter, TradeRecord, TradeScope } from './trade-query';
import { checkTradeFilter } from './trade-query';

export type ExportFormat = 'xlsx' | 'csv';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

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
  const db = ctx.database.db;
  const first = await readTradeBatch(db, scope, view, input, null, batchSize);
  const sink = new ByteSink();
  if (options.signal?.aborted) sink.abandon();
  options.signal?.addEventListener('abort', () => sink.abandon(), { once: true });
  let rowCount = 0;

  async function* batches(): AsyncGenerator<TradeRecord[]> {
    let batch: TradeBatch = first;
    for (;;) {
      rowCount += batch.rows.length;
      yield batch.rows;
      if (!batch.next) return;
      await sink.room();
      if (sink.cancelled) return;
      batch = await readTradeBatch(db, scope, view, input, batch.next, batchSize);
    }
  }

  const text = tradeExportText(lang, view === 'all');
  const written = input.format === 'csv' ? writeCsv(sink, text, batches()) : writeXlsx(sink, text, batches());
  written.then(
    () => {
      ctx.log.info('card records export written', {
        view,
        format: input.format,
        rows: rowCount,
        cancelled: sink.cancelled,
      });
      sink.close();
    },
    (error: unknown) => {
      ctx.log.error('card records export failed', { view, rows: rowCount, error: String(error) });
      sink.fail(error);
    },
  );

  const name = `${FILE_NAMES[view]}-${productDay(ctx.now())}.${input.format}`;
  return new Response(sink.stream, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[input.format],
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  });
}
