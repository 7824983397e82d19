/**
 * The cells of an exported card, for the flows module's XLSX and CSV writers: headers, segment
 * names and statuses in the caller's language, money in major units, times in UTC+8, every text
 * cell defused against formula injection (export-cells.ts).
 *
 * Without full numbers a row carries the last four digits, like the list. A full export (with its
 * e-mail code) adds the number, the expiry (MM/YY) and the CVV; the PIN is never exported.
 */
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';
import type { Cell, ExportText } from '../../flows/export-cells';
import { textCell } from '../../flows/export-cells';
import type { CardExportRow } from './card-export-batch';
import type { CardSecrets } from '../open/store-card';

/** A row to write: the card, and its opened secrets in a full export. */
export interface CardExportRecord {
  card: CardExportRow;
  secrets: CardSecrets | null;
}

const COLUMNS = [
  'serial',
  'segment',
  'holder',
  'currency',
  'balance',
  'spent',
  'status',
  'label',
  'last4',
] as const;
const FULL_COLUMNS = ['number', 'expiry', 'cvv'] as const;
const WIDTHS = [18, 28, 22, 8, 14, 14, 10, 16, 8];
const FULL_WIDTHS = [22, 8, 6];
const TIME_WIDTH = 20;

function secretCells(secrets: CardSecrets | null): Cell[] {
  if (!secrets) throw new Error('a full card export row needs its secrets');
  const month = String(secrets.expiryMonth).padStart(2, '0');
  const year = String(secrets.expiryYear % 100).padStart(2, '0');
  return [{ digits: secrets.pan }, { text: `${month}/${year}` }, { digits: secrets.cvv }];
}

export function cardExportText(lang: Lang, full: boolean): ExportText<CardExportRecord> {
  const text = textCell;
  const column = (name: string) => translate(lang, `server:cards.export.columns.${name}`);
  const statusName = (status: string) => translate(lang, `server:enums.cardStatus.${status}`);
  return {
    sheet: translate(lang, 'server:cards.export.sheet'),
    headers: [...COLUMNS.map(column), ...(full ? FULL_COLUMNS.map(column) : []), column('createdAt')],
    widths: [...WIDTHS, ...(full ? FULL_WIDTHS : []), TIME_WIDTH],
    cells: ({ card, secrets }) => [
      text(card.serial),
      text(lang === 'en' ? card.segmentNameEn : card.segmentNameZh),
      text(`${card.holderFirstName} ${card.holderLastName}`),
      text(card.currency),
      { minor: card.balance, currency: card.currency },
      { minor: card.spent, currency: card.currency },
      text(statusName(card.status)),
      text(card.label),
      { digits: card.last4 },
      ...(full ? secretCells(secrets) : []),
      { time: card.createdAt },
    ],
  };
}
