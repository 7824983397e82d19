/**
 * The CSV export: UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the local code page
 * and Chinese turns to mojibake), CRLF line ends and RFC 4180 quoting. Written one batch at a time.
 *
 * Text that a spreadsheet would run as a formula is defused with a leading apostrophe. Digits that
 * must keep their leading zeros (a card's last four, "0042") are written `="0042"`, the one formula
 * this file ever holds, built from digits only: a bare 0042 would open as the number 42.
 */
import type { ByteSink } from './byte-sink';
import type { Cell, ExportText } from './export-cells';
import { majorUnits, neutralise, productTime } from './export-cells';
import type { FlowRecord } from './flow-query';

const NEEDS_QUOTES = /[",\r\n]/;

const DIGITS = /^\d+$/;

function spelled(cell: Cell | string): string {
  if (typeof cell === 'string') return neutralise(cell);
  if ('minor' in cell) return majorUnits(cell.minor, cell.currency);
  if ('time' in cell) return productTime(cell.time);
  if ('digits' in cell) return DIGITS.test(cell.digits) ? `="${cell.digits}"` : neutralise(cell.digits);
  return neutralise(cell.text);
}

function field(cell: Cell | string): string {
  const text = spelled(cell);
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
