/**
 * The customer's own rules on one authorization, as a pure function (issue 33): the first rule it
 * breaks is the reason the customer reads. Order: is the card within its validity, may this
 * merchant (category, then country) use it, is the amount allowed at all (per authorization), has a
 * single-use card been used, and only then the windowed limits, shortest first. The group budget is
 * decided last, by its atomic claim (spend-counters.ts), once everything else approved.
 */
import type { SpendRuleReason } from '@contract/card-rules';
import type { CardSpendRules } from '@contract/spending';
import { mccGroupOf } from '@contract/spending';
import type { Counter } from './stored-rules';

export interface CardUsage {
  day: Counter;
  month: Counter;
  life: Counter;
}

export interface RuleAuthorization {
  amount: number;
  merchant: { category: string; country: string };
}

const used = (counter: Counter): number => counter.held + counter.spent;

/** Would `amount` more pass `limit`? At the limit is allowed; one minor unit over is not. */
const passes = (limit: number | null, counter: Counter, amount: number): boolean =>
  limit !== null && used(counter) + amount > limit;

export function ruleDeclineFor(
  rules: CardSpendRules,
  usage: CardUsage,
  event: RuleAuthorization,
  now: Date,
): SpendRuleReason | null {
  if (rules.validFrom !== null && now.getTime() < Date.parse(rules.validFrom)) return 'rule_not_yet_valid';
  if (rules.validUntil !== null && now.getTime() >= Date.parse(rules.validUntil))
    return 'rule_validity_ended';
  if (rules.categories) {
    const listed = (rules.categories.groups as readonly string[]).includes(
      mccGroupOf(event.merchant.category),
    );
    if (listed !== (rules.categories.mode === 'allow')) return 'rule_category';
  }
  if (rules.countries) {
    const listed = rules.countries.countries.includes(event.merchant.country);
    if (listed !== (rules.countries.mode === 'allow')) return 'rule_country';
  }
  if (rules.perAuthorization !== null && event.amount > rules.perAuthorization)
    return 'rule_per_authorization';
  if (rules.singleUse && used(usage.life) > 0) return 'rule_single_use';
  if (passes(rules.daily, usage.day, event.amount)) return 'rule_daily';
  if (passes(rules.monthly, usage.month, event.amount)) return 'rule_monthly';
  if (passes(rules.lifetime, usage.life, event.amount)) return 'rule_lifetime';
  return null;
}
