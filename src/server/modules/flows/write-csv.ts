/**
 * The CSV export, written by `csv-stringify` one batch at a time, with the product's Excel-minded
 * options: UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the local code page and
 * Chinese turns to mojibake), CRLF line ends, RFC 4180 quoting.
 *
 * Text that a spreadsheet would run as a formula is defused with a leading apostrophe (the
 * library's `escape_formulas`, which also knows the full-width ＝＋－＠ that Apple Numbers folds;
 * a leading line feed, which it does not list, is defused here). Amounts and times are never text
 * to defuse (`-12.50` stays a number). Digits that must keep their leading zeros (a card's last
 * four, "0042") are written `="0042"`, the one formula this file ever holds, built from digits
 * only: a bare 0042 would open as the number 42.
 */
import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import { minorDigits } from '../../../contract/minor-units';
import type { ByteSink } from './byte-sink';
import type { Cell, ExportText } from './export-cells';
import { majorUnits, productTime } from './export-cells';
import type { FlowRecord } from './flow-query';

const DIGITS = /^\d+$/;

/** Text as a spreadsheet must show it: defused by the library, and a leading line feed here. */
function text(value: string): string {
  return value.startsWith('\n') ? `'${value}` : value;
}

/**
 * A cell as the library takes it: amounts as numbers (so `-12.50` is not defused: the library
 * spares numbers), times as dates, leading-zero digits as the one field that skips defusing. Only
 * that field carries options of its own: options per field cost the library a normalisation each.
 */
type Field = string | number | Date | { digits: string } | { spelled: string };

function field(cell: Cell | string): Field {
  if (typeof cell === 'string') return cell;
  // Most amounts have two places and go as numbers; yen, won and the like are spelled in their own
  // ISO 4217 places here, as a field that skips defusing (it is digits and a sign, never a formula).
  if ('minor' in cell)
    return cell.currency && minorDigits(cell.currency) !== 2
      ? { spelled: majorUnits(cell.minor, cell.currency) }
      : cell.minor;
  if ('time' in cell) return cell.time;
  if ('digits' in cell) return DIGITS.test(cell.digits) ? cell : cell.digits;
  return cell.text;
}

export const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  // A lone CR or LF inside a field is quoted too (the library's default checks only for CRLF once
  // the line end is set), or the row would break in two.
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: {
    string: text,
    number: (minor) => majorUnits(minor),
    date: productTime,
    object: (value) => ({
      value:
        'spelled' in value
          ? (value as { spelled: string }).spelled
          : `="${(value as { digits: string }).digits}"`,
      escape_formulas: false,
    }),
  },
};

/** The rows as CSV text (with the byte-order mark when `bom`). */
export function csvText(rows: readonly (readonly (Cell | string)[])[], bom = false): string {
  return stringify(
    rows.map((row) => row.map(field)),
    { ...CSV_OPTIONS, bom },
  );
}

export async function writeCsv<R = FlowRecord>(
  sink: ByteSink,
  text: ExportText<R>,
  batches: AsyncIterable<R[]>,
): Promise<void> {
  const encoder = new TextEncoder();
  sink.write(encoder.encode(csvText([text.headers], true)));
  for await (const rows of batches) {
    sink.write(encoder.encode(csvText(rows.map((record) => text.cells(record)))));
    // The next batch waits until the client has taken this one.
    await sink.room();
  }
}
