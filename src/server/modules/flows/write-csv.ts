/**
 * The CSV export: UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the local code page
 * and Chinese turns to mojibake), CRLF line ends and RFC 4180 quoting. Written one batch at a time.
 */
import type { ByteSink } from './byte-sink';
import type { Cell, ExportText } from './export-cells';
import { majorUnits } from './export-cells';
import type { FlowRecord } from './flow-query';

const NEEDS_QUOTES = /[",\r\n]/;

function field(cell: Cell | string): string {
  if (typeof cell !== 'string' && 'minor' in cell) return majorUnits(cell.minor);
  const text = typeof cell === 'string' ? cell : cell.text;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function line(cells: readonly (Cell | string)[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}

export async function writeCsv<R = FlowRecord>(
  sink: ByteSink,
  text: ExportText<R>,
  batches: AsyncIterable<R[]>,
): Promise<void> {
  const encoder = new TextEncoder();
  sink.write(encoder.encode(`\uFEFF${line(text.headers)}`));
  for await (const rows of batches) {
    let chunk = '';
    for (const record of rows) chunk += line(text.cells(record));
    sink.write(encoder.encode(chunk));
    // The next batch waits until the client has taken this one.
    await sink.room();
  }
}
