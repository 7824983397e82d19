/**
 * The export of the financial breakdown (GET /api/account/flowDown): exactly the rows flowPage would
 * list for the same filters, all pages, as XLSX or CSV, streamed. Everything that can fail with a
 * clear answer (the filters, the first database read) happens before the first byte, so it still
 * answers the JSON envelope; after that a failure breaks the transfer instead of ending a file that
 * looks complete but is not.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { ByteSink } from './byte-sink';
import { exportText, productDay } from './export-cells';
import type { FlowFilter, FlowRecord } from './flow-query';
import { checkFlowFilter } from './flow-query';
import type { FlowBatch } from './read-flow-batch';
import { EXPORT_BATCH_ROWS, readFlowBatch } from './read-flow-batch';
import { writeCsv } from './write-csv';
import { writeXlsx } from './write-xlsx';

export type ExportFormat = 'xlsx' | 'csv';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export async function exportFlows(
  ctx: AppContext,
  accountId: string,
  lang: Lang,
  input: FlowFilter & { format: ExportFormat },
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<Response> {
  checkFlowFilter(input);
  const batchSize = options.batchSize ?? EXPORT_BATCH_ROWS;
  const first = await readFlowBatch(ctx.database.db, accountId, input, null, batchSize);
  const sink = new ByteSink();
  if (options.signal?.aborted) sink.abandon();
  options.signal?.addEventListener('abort', () => sink.abandon(), { once: true });
  let rowCount = 0;

  // The next batch is read only once the client has taken the previous ones, and never after the
  // client has gone: memory holds one batch plus the sink's mark, whatever the number of rows.
  async function* batches(): AsyncGenerator<FlowRecord[]> {
    let batch: FlowBatch = first;
    for (;;) {
      rowCount += batch.rows.length;
      yield batch.rows;
      if (!batch.next) return;
      await sink.room();
      if (sink.cancelled) return;
      batch = await readFlowBatch(ctx.database.db, accountId, input, batch.next, batchSize);
    }
  }

  const write = input.format === 'csv' ? writeCsv : writeXlsx;
  write(sink, exportText(lang), batches()).then(
    () => {
      if (sink.cancelled) ctx.log.info('flow export cancelled by the client', { rows: rowCount });
      else ctx.log.info('flow export written', { format: input.format, rows: rowCount });
      sink.close();
    },
    (error: unknown) => {
      ctx.log.error('flow export failed', { rows: rowCount, error: String(error) });
      sink.fail(error);
    },
  );

  const name = `flow-${productDay(ctx.now())}.${input.format}`;
  return new Response(sink.stream, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[input.format],
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  });
}
