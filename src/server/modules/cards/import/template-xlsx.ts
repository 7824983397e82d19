/**
 * `importTemplate`: the Excel template for opening cards by import, in the caller's language.
 *
 * Sheet 1 is what the customer fills: the header row only, one card per row below it. Every column
 * is formatted as text except the amount, so Excel keeps a ZIP code like 02108 as typed. Sheet 2
 * holds the rules, one example row and the segments open now with the caller's prices. The example
 * is on the notes sheet on purpose: an example left in the sheet that is imported would open (and
 * charge for) a card nobody wanted.
 */
import { BATCH_OPEN_MAX, CARD_RECHARGE_SERVICE_ABOVE_USD } from '@contract/card-rules';
import type { SegmentView } from '@contract/segments';
import type { AppContext } from '../../../context';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';
import { listSegments } from '../../segments/list-segments';
import { MCC_GROUPS } from '@contract/spending';
import { RULE_COLUMN_WIDTHS, RULE_COLUMNS, ruleColumnHeader } from './rule-columns';
import { columnHeaders, IMPORT_COLUMN_WIDTHS, IMPORT_COLUMNS } from './template-columns';

/** The card columns, then the optional spending-rule columns (rule-columns.ts). */
function allHeaders(lang: Lang): string[] {
  return [...columnHeaders(lang), ...RULE_COLUMNS.map((column) => ruleColumnHeader(column, lang))];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEMPLATE_FILE = 'card-import-template.xlsx';

const TEXT_FORMAT = '@';
const AMOUNT_FORMAT = '0.00';

/** Minor units as the decimal text the template asks for, e.g. 1000 -> "10.00". */
export function decimalText(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

function exampleRow(segment: SegmentView | undefined): string[] {
  return [
    segment?.id ?? 'visa-428837',
    decimalText(segment?.minFirstRecharge ?? 1000),
    'John',
    'Smith',
    '350 Fifth Avenue',
    'New York',
    'NY',
    '10118',
    'US',
    'ads-01',
    '',
    '500.00',
    '2000.00',
    '',
    '',
    'advertising',
    '',
    'US, EU',
    '',
    '',
  ];
}

export async function buildTemplate(segments: readonly SegmentView[], lang: Lang): Promise<Buffer> {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `server:cardOpen.template.${key}`, params);
  // Loaded on first use only: exceljs adds about 23 MB to the server's resident memory.
  const excel = (await import('exceljs')).default;
  const workbook = new excel.Workbook();
  workbook.creator = 'Card Portal';

  const sheet = workbook.addWorksheet(t('sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...IMPORT_COLUMNS.map((column, index) => ({
      width: IMPORT_COLUMN_WIDTHS[index],
      style: { numFmt: column === 'amount' ? AMOUNT_FORMAT : TEXT_FORMAT },
    })),
    ...RULE_COLUMNS.map((_, index) => ({ width: RULE_COLUMN_WIDTHS[index], style: { numFmt: TEXT_FORMAT } })),
  ];
  const header = sheet.addRow(allHeaders(lang));
  header.font = { bold: true };

  const notes = workbook.addWorksheet(t('notesSheet'));
  notes.columns = [{ width: 18 }, { width: 34 }, { width: 12 }, { width: 18 }, { width: 16 }, { width: 18 }];
  notes.addRow([t('title')]).font = { bold: true, size: 13 };
  for (const rule of [
    'ruleRows',
    'ruleAmount',
    'ruleCountry',
    'ruleLabel',
    'ruleAllOrNothing',
    'ruleService',
    'ruleSpending',
  ])
    notes.addRow([
      t(rule, {
        max: BATCH_OPEN_MAX,
        service: decimalText(CARD_RECHARGE_SERVICE_ABOVE_USD),
        sheet: t('sheet'),
        categories: MCC_GROUPS.map((group) => (lang === 'en' ? group.nameEn : group.nameZh)).join(', '),
      }),
    ]);
  notes.addRow([]);
  notes.addRow([t('exampleTitle')]).font = { bold: true };
  notes.addRow(allHeaders(lang)).font = { italic: true };
  notes.addRow(exampleRow(segments[0]));
  notes.addRow([]);
  notes.addRow([t('segmentsTitle')]).font = { bold: true };
  notes.addRow([
    t('segmentId'),
    t('segmentName'),
    t('currency'),
    t('minFirstRecharge'),
    t('openFee'),
    t('rechargeFee'),
  ]).font = { italic: true };
  for (const segment of segments)
    notes.addRow([
      segment.id,
      segment.name,
      segment.currency,
      decimalText(segment.minFirstRecharge),
      decimalText(segment.openFee),
      `${(segment.rechargeFeeBp / 100).toFixed(2)}%`,
    ]);
  if (segments.length === 0) notes.addRow([t('noOpenSegments')]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function templateResponse(ctx: AppContext, accountId: string, lang: Lang): Promise<Response> {
  const segments = await listSegments(ctx, accountId, lang, { openOnly: true });
  const body = await buildTemplate(segments, lang);
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': `attachment; filename="${TEMPLATE_FILE}"; filename*=UTF-8''${TEMPLATE_FILE}`,
      // The notes carry this customer's prices.
      'cache-control': 'private, no-store',
    },
  });
}
