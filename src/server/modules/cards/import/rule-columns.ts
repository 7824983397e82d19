/**
 * The optional spending-rule columns of the import (issue 33 §3). The template's first columns
 * stay as they were, so a file made from an older template imports as before; the rule columns
 * follow them, each found by its header (either language, any order, any subset). A header that
 * is neither a card column nor a rule column refuses the file, as before.
 *
 * Cells: limits as decimal amounts in the card's currency; categories as group ids or names in
 * either language, and countries as ISO codes ("EU" for its members), separated by commas; single
 * use as yes/no (是/否, 1/0, true/false); a template by its saved name — the row's own cells win
 * over the template's rules.
 */
import type { CardSpendRules, CardSpendRulesInput, MccGroupId } from '@contract/spending';
import { cardSpendRules, EU_COUNTRIES, MCC_GROUPS } from '@contract/spending';
import type { MessageParams } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';
import { nameKey } from '../../../lib/name-key';
import { parseDecimal } from './decimal';

export const RULE_COLUMNS = [
  'spendTemplate',
  'perAuthorizationLimit',
  'dailyLimit',
  'monthlyLimit',
  'lifetimeLimit',
  'allowedCategories',
  'blockedCategories',
  'allowedCountries',
  'blockedCountries',
  'singleUse',
] as const;
export type RuleColumn = (typeof RULE_COLUMNS)[number];
export const RULE_COLUMN_WIDTHS: readonly number[] = [18, 16, 14, 14, 16, 26, 26, 22, 22, 12];

export function ruleColumnHeader(column: RuleColumn, lang: Lang): string {
  return translate(lang, `spendingTemplates:importColumns.${column}`);
}

const fold = (text: string) => text.trim().toLowerCase();

/** The rule column a header cell names, in either language, or null. */
export function ruleColumnOf(header: string): RuleColumn | null {
  const given = fold(header);
  return (
    RULE_COLUMNS.find((column) =>
      (['zh-CN', 'en'] as const).some((lang) => fold(ruleColumnHeader(column, lang)) === given),
    ) ?? null
  );
}

export type RuleCells = Partial<Record<RuleColumn, string>>;

export interface RuleProblem {
  column: RuleColumn;
  key: string;
  params?: MessageParams;
}

const LIMITS = {
  perAuthorizationLimit: 'perAuthorization',
  dailyLimit: 'daily',
  monthlyLimit: 'monthly',
  lifetimeLimit: 'lifetime',
} as const;

const split = (text: string) =>
  text
    .split(/[,，、;；\n]+/)
    .map((part) => part.trim())
    .filter(Boolean);

function categoryOf(text: string): MccGroupId | null {
  const given = fold(text);
  const group = MCC_GROUPS.find((g) => [g.id, g.nameEn, g.nameZh].some((name) => fold(name) === given));
  return group ? group.id : null;
}

const YES = new Set(['yes', 'y', 'true', '1', '是']);
const NO = new Set(['no', 'n', 'false', '0', '否']);

/**
 * A row's rule cells as the card's rules: null when the row sets none (no cell and no template);
 * problems name the column and a translation key. `templates` maps folded names to saved rules.
 */
export function parseRuleCells(
  cells: RuleCells,
  templates: ReadonlyMap<string, CardSpendRules>,
): { rules: CardSpendRules | null; problems: RuleProblem[] } {
  const problems: RuleProblem[] = [];
  const given = (column: RuleColumn) => (cells[column] ?? '').trim();
  if (RULE_COLUMNS.every((column) => given(column) === '')) return { rules: null, problems };

  let base: CardSpendRulesInput = {};
  if (given('spendTemplate') !== '') {
    const template = templates.get(nameKey(given('spendTemplate')));
    if (template) base = template;
    else problems.push({ column: 'spendTemplate', key: 'server:spendingTemplates.importTemplateUnknown' });
  }
  const rules: CardSpendRulesInput = { ...base };
  for (const [column, field] of Object.entries(LIMITS) as [
    keyof typeof LIMITS,
    (typeof LIMITS)[keyof typeof LIMITS],
  ][]) {
    const text = given(column);
    if (text === '') continue;
    const minor = parseDecimal(text);
    if (minor === null || minor <= 0) problems.push({ column, key: 'server:cardOpen.import.amountFormat' });
    else rules[field] = minor;
  }
  const lists = (allow: RuleColumn, block: RuleColumn, read: (text: string) => string[] | null) => {
    if (given(allow) !== '' && given(block) !== '') {
      problems.push({ column: block, key: 'server:spendingTemplates.importAllowOrBlock' });
      return undefined;
    }
    const column = given(allow) !== '' ? allow : given(block) !== '' ? block : null;
    if (!column) return undefined;
    const values = read(given(column));
    if (!values) {
      problems.push({ column, key: `server:spendingTemplates.importList.${column}` });
      return undefined;
    }
    return { mode: column === allow ? ('allow' as const) : ('block' as const), values };
  };
  const categories = lists('allowedCategories', 'blockedCategories', (text) => {
    const ids = split(text).map(categoryOf);
    return ids.length > 0 && ids.every((id) => id !== null) ? (ids as string[]) : null;
  });
  if (categories) rules.categories = { mode: categories.mode, groups: categories.values as MccGroupId[] };
  const countries = lists('allowedCountries', 'blockedCountries', (text) => {
    const codes = split(text.replace(/\s+/g, ',')).map((code) => code.toUpperCase());
    if (codes.length === 0 || codes.some((code) => !/^[A-Z]{2}$/.test(code))) return null;
    return [...new Set(codes.flatMap((code) => (code === 'EU' ? [...EU_COUNTRIES] : [code])))];
  });
  if (countries) rules.countries = { mode: countries.mode, countries: countries.values };
  if (given('singleUse') !== '') {
    const value = fold(given('singleUse'));
    if (YES.has(value)) rules.singleUse = true;
    else if (NO.has(value)) rules.singleUse = false;
    else problems.push({ column: 'singleUse', key: 'server:spendingTemplates.importYesNo' });
  }
  if (problems.length > 0) return { rules: null, problems };
  const parsed = cardSpendRules.safeParse(rules);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const column =
      (Object.entries(LIMITS).find(([, f]) => f === field)?.[0] as RuleColumn | undefined) ?? 'spendTemplate';
    return { rules: null, problems: [{ column, key: issue?.message ?? 'common:validation.invalidField' }] };
  }
  return { rules: parsed.data, problems };
}
