/**
 * The cells of an exported flow row, shared by the XLSX and CSV writers so both files say the same
 * thing: translated headers and type names, amounts in major units, times in the product's UTC+8
 * calendar. Text is defused against formula injection by the CSV writer only (write-csv.ts): an
 * XLSX string cell never runs as a formula, and a prefix there would only corrupt the text.
 */
import { minorToDecimal } from '../../../contract/minor-units';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { describeWalletEntry, type SegmentNames } from '../ledger/describe-entry';
import type { FlowRecord } from './flow-query';

/**
 * Minor units as a decimal string in the currency's ISO 4217 places, exactly (no floating point):
 * -12345 -> "-123.45"; 5000 JPY -> "5000" (issue 34 §3). Without a currency: two places (wallets).
 */
export function majorUnits(minor: number, currency = 'CNY'): string {
  return minorToDecimal(minor, currency);
}

/** Asia/Shanghai has no daylight saving, so the product calendar is a fixed offset. */
const PRODUCT_OFFSET_MS = 8 * 3600_000;

/** `YYYY-MM-DD HH:mm:ss` in UTC+8 (the column header says so). */
export function productTime(instant: Date): string {
  return new Date(instant.getTime() + PRODUCT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYYMMDD` in UTC+8, for the file name. */
export function productDay(instant: Date): string {
  return productTime(instant).slice(0, 10).replaceAll('-', '');
}

export const EXPORT_COLUMNS = [
  'txnNo',
  'type',
  'currency',
  'amount',
  'balance',
  'cardSerial',
  'label',
  'summary',
  'description',
  'createdAt',
] as const;

/**
 * Cell kinds: money (minor units of `currency`, two places without one; a number cell), an instant (a date cell in XLSX, UTC+8 text in
 * CSV), digits that must stay text with their leading zeros (last four, CVV), and text.
 */
export type Cell =
  { text: string } | { minor: number; currency?: string } | { time: Date } | { digits: string };

/** A text cell; an absent value is empty. */
export function textCell(value: string | null): Cell {
  return { text: value ?? '' };
}

/** What a writer needs to turn records into a sheet; other exports (cards) bring their own record type. */
export interface ExportText<R = FlowRecord> {
  sheet: string;
  headers: string[];
  /** Column widths in characters (XLSX), in header order; the flow export's widths when absent. */
  widths?: readonly number[];
  cells(record: R): Cell[];
}

/** `names`: every segment's names, since an export walks the whole history (segments are few). */
export function exportText(lang: Lang, names: SegmentNames = new Map()): ExportText {
  const typeNames = new Map<string, string>();
  const typeName = (type: string) => {
    let name = typeNames.get(type);
    if (name === undefined) {
      const key = `server:flows.types.${type}`;
      const translated = translate(lang, key);
      // A type without a name yet is shown as itself rather than as a message key.
      name = translated === key ? type : translated;
      typeNames.set(type, name);
    }
    return name;
  };
  const text = textCell;
  return {
    sheet: translate(lang, 'server:flows.sheet'),
    headers: EXPORT_COLUMNS.map((column) => translate(lang, `server:flows.columns.${column}`)),
    cells: (r) => [
      text(r.txnNo),
      text(typeName(r.type)),
      text(r.currency),
      { minor: r.amount, currency: r.currency },
      { minor: r.balance, currency: r.currency },
      text(r.cardSerial),
      text(r.label),
      text(describeWalletEntry(r, lang, names)),
      text(r.description),
      { time: r.createdAt },
    ],
  };
}
