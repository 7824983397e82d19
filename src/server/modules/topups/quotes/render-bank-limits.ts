/**
 * GET /api/account/bankLimitImg: the bank limits as an SVG table in the language of the request.
 * Plain shapes and escaped text only (no script, no external reference), cached privately a day.
 */
import { CHANNEL_RULES } from '@contract/topup-rules';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';
import { BANK_LIMITS } from './bank-limits';
import { moneyText } from '../money-text';

const WIDTH = 560;
const ROW = 36;
const TOP = 56;
const COLUMNS = [24, 250, 410];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function text(x: number, y: number, value: string, attrs = ''): string {
  return `<text x="${x}" y="${y}"${attrs}>${escapeXml(value)}</text>`;
}

export function renderBankLimits(lang: Lang): string {
  const t = (key: string, params = {}) => translate(lang, `server:topups.bankLimits.${key}`, params);
  const rule = CHANNEL_RULES.bank_card;
  const height = TOP + ROW * (BANK_LIMITS.length + 1) + 44;
  const rows = BANK_LIMITS.map((limit, i) => {
    const y = TOP + ROW * (i + 1);
    const shade =
      i % 2 === 0 ? `<rect x="12" y="${y}" width="${WIDTH - 24}" height="${ROW}" fill="#f5f7fa"/>` : '';
    const baseline = y + 23;
    return (
      shade +
      text(COLUMNS[0]!, baseline, translate(lang, `server:topups.banks.${limit.bank}`)) +
      text(COLUMNS[1]!, baseline, moneyText(limit.single, 'CNY')) +
      text(COLUMNS[2]!, baseline, moneyText(limit.daily, 'CNY'))
    );
  }).join('');
  const headerY = TOP + 23;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(t('title'))}">`,
    `<title>${escapeXml(t('title'))}</title>`,
    `<rect width="${WIDTH}" height="${height}" rx="12" fill="#ffffff"/>`,
    `<g font-family="system-ui, -apple-system, 'PingFang SC', 'Microsoft YaHei', sans-serif" font-size="15" fill="#1a1a2e">`,
    text(24, 36, t('title'), ' font-size="18" font-weight="600"'),
    `<rect x="12" y="${TOP}" width="${WIDTH - 24}" height="${ROW}" fill="#1677ff"/>`,
    `<g fill="#ffffff" font-weight="600">`,
    text(COLUMNS[0]!, headerY, t('bank')),
    text(COLUMNS[1]!, headerY, t('single')),
    text(COLUMNS[2]!, headerY, t('daily')),
    `</g>`,
    rows,
    text(
      24,
      height - 18,
      t('note', {
        min: moneyText(rule.minAmount, rule.currency),
        max: moneyText(rule.maxAmount, rule.currency),
      }),
      ' font-size="13" fill="#666666"',
    ),
    `</g></svg>`,
  ].join('');
}

export function bankLimitsResponse(lang: Lang): Response {
  return new Response(renderBankLimits(lang), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'private, max-age=86400',
      vary: 'Accept-Language',
    },
  });
}
