/**
 * The cells of an exported card record, for the shared XLSX and CSV writers (flows/write-*.ts):
 * headers and statuses in the reader's language, amounts in major units of the record's currency
 * (ISO 4217 places: whole yen), times in UTC+8, text
 * defused against formula injection (flows/export-cells.ts). The declines' export (authTransDown)
 * has a reason column; the transactions' export (transDown) has none.
 */
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import type { Cell, ExportText } from '../flows/export-cells';
import { textCell } from '../flows/export-cells';
import type { TradeRecord } from './trade-query';
import { declineText } from './trade-query';

const COLUMNS = [
  { key: 'createdAt', width: 20 },
  { key: 'cardSerial', width: 18 },
  { key: 'last4', width: 8 },
  { key: 'merchant', width: 28 },
  { key: 'category', width: 10 },
  { key: 'country', width: 8 },
  { key: 'currency', width: 8 },
  { key: 'amount', width: 14 },
  { key: 'refunded', width: 14 },
  { key: 'status', width: 12 },
  { key: 'declineReason', width: 36 },
] as const;

export function tradeExportText(lang: Lang, withReason: boolean): ExportText<TradeRecord> {
  const columns = withReason ? COLUMNS : COLUMNS.filter((column) => column.key !== 'declineReason');
  const text = textCell;
  const statusNames = new Map<string, string>();
  const statusName = (status: string) => {
    let name = statusNames.get(status);
    if (name === undefined) {
      name = translate(lang, `server:cardSpend.status.${status}`);
      statusNames.set(status, name);
    }
    return name;
  };
  return {
    sheet: translate(
      lang,
      withReason ? 'server:cardSpend.records.sheetAuth' : 'server:cardSpend.records.sheetTrade',
    ),
    headers: columns.map((column) => translate(lang, `server:cardSpend.records.columns.${column.key}`)),
    widths: columns.map((column) => column.width),
    cells: (r) => {
      const cells: Cell[] = [
        { time: r.createdAt },
        text(r.cardSerial),
        { digits: r.last4 },
        text(r.merchantName),
        text(r.merchantCategory),
        text(r.merchantCountry),
        text(r.currency),
        { minor: r.amount, currency: r.currency },
        { minor: r.refunded, currency: r.currency },
        text(statusName(r.status)),
      ];
      if (withReason) cells.push(text(declineText(r.declineReason, lang)));
      return cells;
    },
  };
}
