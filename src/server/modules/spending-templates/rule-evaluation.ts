/**
 * The customer's spending rules decided for one authorization, as a pure function of the rules and
 * what the card has used (issue 33 §1, §5), so that the authorization path and the preview decide
 * alike: the preview replays past authorizations through it. Offered to spend-core (whose
 * authorization path checks the same rules); when theirs is a pure function, the preview imports
 * it instead and this file goes.
 *
 * Limits are "used + amount > limit → decline": an amount that reaches a limit exactly passes.
 * The first failing rule, in the order below, is the one the customer reads.
 */
import type { CardSpendRules, SpendRuleReason } from '../../../contract/spending';
import { mccGroupOf } from '../../../contract/spending';

export interface RuleFacts {
  /** Minor units of the card's currency. */
  amount: number;
  /** The merchant's category code (4 digits) and country (ISO alpha-2), as the issuer sent them. */
  category: string;
  country: string;
  at: Date;
  /** What the card has used (approved and not reversed) today, this month, ever — before this one. */
  usedToday: number;
  usedThisMonth: number;
  usedLifetime: number;
  /** An authorization of the card is held or cleared (a single-use card takes one). */
  usedOnce: boolean;
}

export function spendRuleDecline(rules: CardSpendRules, facts: RuleFacts): SpendRuleReason | null {
  const at = facts.at.getTime();
  if (rules.validFrom && at < Date.parse(rules.validFrom)) return 'rule_not_yet_valid';
  if (rules.validUntil && at >= Date.parse(rules.validUntil)) return 'rule_validity_ended';
  if (rules.categories) {
    const inside = rules.categories.groups.includes(mccGroupOf(facts.category));
    if (rules.categories.mode === 'allow' ? !inside : inside) return 'rule_category';
  }
  if (rules.countries) {
    const inside = rules.countries.countries.includes(facts.country.toUpperCase());
    if (rules.countries.mode === 'allow' ? !inside : inside) return 'rule_country';
  }
  const over = (limit: number | null, used: number) => limit !== null && used + facts.amount > limit;
  if (over(rules.perAuthorization, 0)) return 'rule_per_authorization';
  if (rules.singleUse && facts.usedOnce) return 'rule_single_use';
  if (over(rules.daily, facts.usedToday)) return 'rule_daily';
  if (over(rules.monthly, facts.usedThisMonth)) return 'rule_monthly';
  if (over(rules.lifetime, facts.usedLifetime)) return 'rule_lifetime';
  return null;
}

/** A group's monthly budget, shared by its cards: the same "reaching it exactly passes". */
export function groupBudgetDecline(
  budget: number | null,
  groupUsedThisMonth: number,
  amount: number,
): boolean {
  return budget !== null && groupUsedThisMonth + amount > budget;
}
