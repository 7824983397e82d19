/**
 * The columns of the import template, in order. The template writes them and the import reads by
 * position; the header row is checked against both languages, so a template downloaded in Chinese
 * can be imported by someone whose app is in English, and a sheet with other columns is refused.
 */
import { HOLDER_KEYS } from '@contract/cards';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';

export const IMPORT_COLUMNS = ['segmentId', 'amount', ...HOLDER_KEYS, 'label'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Column widths in characters, in IMPORT_COLUMNS order. */
export const IMPORT_COLUMN_WIDTHS: readonly number[] = [16, 18, 16, 16, 32, 18, 10, 12, 16, 18];

export function columnHeader(column: ImportColumn, lang: Lang): string {
  return translate(lang, `server:cardOpen.columns.${column}`);
}

export function columnHeaders(lang: Lang): string[] {
  return IMPORT_COLUMNS.map((column) => columnHeader(column, lang));
}

/** Header cells compared without case and surrounding spaces. */
export function isTemplateHeader(cells: readonly string[]): boolean {
  const given = cells.map((cell) => cell.trim().toLowerCase());
  return (['zh-CN', 'en'] as const).some((lang) =>
    columnHeaders(lang).every((header, index) => given[index] === header.toLowerCase()),
  );
}
