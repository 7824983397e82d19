/**
 * What a spending template sets, in a few words for the opening form ("up to $50.00 per payment ·
 * $200.00 a day · only Advertising"), so the customer sees what the new cards will get before
 * choosing it. Amounts are in the card's currency (a template's limits are minor units of
 * whichever card gets them); days are those of the account calendar, as the rules form shows them.
 */
import type { CurrencyCode } from '@contract/core';
import type { CardSpendRules, MccGroupId } from '@contract/spending';
import { MCC_GROUPS } from '@contract/spending';
import { formatMoney } from '../../../lib/money';
import { draftOf } from '../spending/rules-draft';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const LIMITS = ['perAuthorization', 'daily', 'monthly', 'lifetime'] as const;

function groupNames(ids: readonly MccGroupId[], english: boolean): string {
  return ids
    .map((id) => MCC_GROUPS.find((group) => group.id === id))
    .map((group) => (group ? (english ? group.nameEn : group.nameZh) : ''))
    .filter(Boolean)
    .join(english ? ', ' : '、');
}

/** The rules a template sets, one phrase each, in the form's order; empty when it sets none. */
export function spendSummary(
  rules: CardSpendRules,
  currency: CurrencyCode,
  t: Translate,
  english: boolean,
): string[] {
  const parts: string[] = [];
  for (const field of LIMITS) {
    const limit = rules[field];
    if (limit !== null) parts.push(t(`spendTemplate.${field}`, { amount: formatMoney(limit, currency) }));
  }
  if (rules.categories) {
    const key = rules.categories.mode === 'allow' ? 'categoriesAllow' : 'categoriesBlock';
    parts.push(t(`spendTemplate.${key}`, { list: groupNames(rules.categories.groups, english) }));
  }
  if (rules.countries) {
    const key = rules.countries.mode === 'allow' ? 'countriesAllow' : 'countriesBlock';
    parts.push(t(`spendTemplate.${key}`, { list: rules.countries.countries.join(', ') }));
  }
  if (rules.singleUse) parts.push(t('spendTemplate.singleUse'));
  const days = draftOf(rules);
  if (days.validFrom) parts.push(t('spendTemplate.validFrom', { day: days.validFrom }));
  if (days.validThrough) parts.push(t('spendTemplate.validThrough', { day: days.validThrough }));
  return parts;
}
