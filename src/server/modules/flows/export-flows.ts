/**
 * The export of the financial breakdown (GET /api/account/flowDown): exactly the rows flowPage would
 * list for the same filters, all pages, as XLSX or CSV, streamed. Everything that can fail with a
 * clear answer (the filters, the first database read) happens before the first byte, so it still
 * answers the JSON envelope; after that a failure breaks the transfer instead of ending a file that
 * looks complete but is not.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { allSegmentNames } from '../ledger/describe-entry';
import { exportText } from './export-cells';
import type { FlowFilter } from './flow-query';
import { checkFlowFilter } from './flow-query';
import type { FlowBatch } from './read-flow-batch';
import { EXPORT_BATCH_ROWS, readFlowBatch } from './read-flow-batch';
import type { ExportFormat } from './stream-export';
import { streamExport } from './stream-export';

export async function exportFlows(
  ctx: AppContext,
  accountId: string,
  lang: Lang,
  input: FlowFilter & { format: ExportFormat },
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<Response> {
  checkFlowFilter(input);
  const batchSize = options.batchSize ?? EXPORT_BATCH_ROWS;
  return streamExport(ctx, {
    format: input.format,
    fileName: 'flow',
    text: exportText(lang, await allSegmentNames(ctx)),
    read: (after: FlowBatch['next']) => readFlowBatch(ctx.database.db, accountId, input, after, batchSize),
    records: (rows) => rows,
    log: { what: 'flow export' },
    signal: options.signal,
  });
}
