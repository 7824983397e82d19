/**
 * Reads the rows of an import file: the first worksheet, its first row the template's header (in
 * either language), one card per non-empty row below it. Cells are read as the text the customer
 * sees; row numbers are the spreadsheet's own, so a problem can be found where Excel shows it.
 */
import type ExcelJS from 'exceljs';
import { BATCH_OPEN_MAX } from '@contract/card-rules';
import { AppError, fail } from '../../../lib/errors';
import type { RuleCells, RuleColumn } from './rule-columns';
import { ruleColumnOf, RULE_COLUMNS } from './rule-columns';
import type { ImportColumn } from './template-columns';
import { IMPORT_COLUMNS, isTemplateHeader } from './template-columns';

export interface ImportRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  cells: Record<ImportColumn, string>;
  /** Excel turned the ZIP code into a number (and dropped its leading zeros). */
  postcodeIsNumber: boolean;
  /** The optional spending-rule cells (rule-columns.ts), by column; absent columns are absent. */
  rules: RuleCells;
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return String(value.text).trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
  return ''; // an error value (#N/A ...) is as good as empty
}

export async function readImportRows(bytes: Buffer): Promise<ImportRow[]> {
  // Loaded on first use only: exceljs adds about 23 MB to the server's resident memory.
  const excel = (await import('exceljs')).default;
  const workbook = new excel.Workbook();
  try {
    // exceljs declares its own `Buffer` as an ArrayBuffer: hand it exactly the file's bytes as one.
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
    );
  } catch {
    throw fail.badRequest('server:cardOpen.import.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail.badRequest('server:cardOpen.import.unreadable');
  const header = IMPORT_COLUMNS.map((_, index) => cellText(sheet.getRow(1).getCell(index + 1).value));
  if (!isTemplateHeader(header)) throw fail.badRequest('server:cardOpen.import.notTemplate');
  // Optional rule columns follow the card columns, each named by its header; the first empty header ends them.
  const ruleAt = new Map<number, RuleColumn>();
  for (
    let index = IMPORT_COLUMNS.length + 1;
    index <= IMPORT_COLUMNS.length + RULE_COLUMNS.length + 1;
    index++
  ) {
    const text = cellText(sheet.getRow(1).getCell(index).value);
    if (text === '') break;
    const column = ruleColumnOf(text);
    if (!column || [...ruleAt.values()].includes(column))
      throw fail.badRequest('server:cardOpen.import.notTemplate');
    ruleAt.set(index, column);
  }

  const rows: ImportRow[] = [];
  // Only the rows the file holds are visited (a cell typed far down does not make a million rows).
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = {} as Record<ImportColumn, string>;
    IMPORT_COLUMNS.forEach((column, index) => {
      cells[column] = cellText(row.getCell(index + 1).value);
    });
    const rules: RuleCells = {};
    for (const [index, column] of ruleAt) rules[column] = cellText(row.getCell(index).value);
    if (IMPORT_COLUMNS.every((column) => cells[column] === '') && Object.values(rules).every((v) => v === ''))
      return;
    rows.push({
      row: number,
      cells,
      rules,
      postcodeIsNumber: typeof row.getCell(IMPORT_COLUMNS.indexOf('postcode') + 1).value === 'number',
    });
    if (rows.length > BATCH_OPEN_MAX)
      throw new AppError(400, 'server:cardOpen.import.tooManyRows', null, { max: BATCH_OPEN_MAX });
  });
  if (rows.length === 0) throw fail.badRequest('server:cardOpen.import.empty');
  return rows;
}
