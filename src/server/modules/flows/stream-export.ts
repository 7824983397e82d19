/**
 * The streamed download every export shares (flowDown, the card records' exports, cardDown): batch
 * after batch through the XLSX or CSV writer into a byte sink, as an attachment.
 *
 * The first batch is read before the Response exists, so (with the caller's own checks before it)
 * everything that can fail with a clear answer still answers the JSON envelope; after the first byte
 * a failure breaks the transfer instead of ending a file that looks complete but is not.
 */
import type { AppContext } from '../../context';
import type { Fields } from '../../lib/logger';
import { ByteSink } from './byte-sink';
import type { ExportText } from './export-cells';
import { productDay } from './export-cells';
import { writeCsv } from './write-csv';
import { writeXlsx } from './write-xlsx';

export type ExportFormat = 'xlsx' | 'csv';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export interface ExportBatch<Row, Cursor> {
  rows: Row[];
  /** Where the next batch starts; null after the last batch. */
  next: Cursor | null;
}

export interface StreamedExport<Row, R, Cursor> {
  format: ExportFormat;
  /** The start of the file's name: `flow` gives `flow-2026-03-01.csv` (the product's day). */
  fileName: string;
  text: ExportText<R>;
  /** The batch after `after`; null asks for the first. */
  read(after: Cursor | null): Promise<ExportBatch<Row, Cursor>>;
  /** A batch's records, made when the writer takes the batch (after the previous one has left). */
  records(rows: Row[]): R[] | Promise<R[]>;
  /** `what` names the export in the log lines (`<what> written`); `fields` go into each of them. */
  log: { what: string; fields?: Fields };
  signal?: AbortSignal | undefined;
}

export async function streamExport<Row, R, Cursor>(
  ctx: AppContext,
  plan: StreamedExport<Row, R, Cursor>,
): Promise<Response> {
  const first = await plan.read(null);
  const sink = new ByteSink();
  if (plan.signal?.aborted) sink.abandon();
  plan.signal?.addEventListener('abort', () => sink.abandon(), { once: true });
  let rowCount = 0;

  // The next batch is read only once the client has taken the previous ones, and never after the
  // client has gone: memory holds one batch plus the sink's mark, whatever the number of rows.
  async function* batches(): AsyncGenerator<R[]> {
    let batch = first;
    for (;;) {
      rowCount += batch.rows.length;
      yield await plan.records(batch.rows);
      if (!batch.next) return;
      await sink.room();
      if (sink.cancelled) return;
      batch = await plan.read(batch.next);
    }
  }

  const { what, fields } = plan.log;
  const written =
    plan.format === 'csv' ? writeCsv(sink, plan.text, batches()) : writeXlsx(sink, plan.text, batches());
  written.then(
    () => {
      if (sink.cancelled) ctx.log.info(`${what} cancelled by the client`, { rows: rowCount, ...fields });
      else ctx.log.info(`${what} written`, { format: plan.format, rows: rowCount, ...fields });
      sink.close();
    },
    (error: unknown) => {
      ctx.log.error(`${what} failed`, { rows: rowCount, ...fields, error: String(error) });
      sink.fail(error);
    },
  );

  const name = `${plan.fileName}-${productDay(ctx.now())}.${plan.format}`;
  return new Response(sink.stream, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[plan.format],
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  });
}
