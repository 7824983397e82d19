/**
 * The customer's spending rules decided for one authorization, as a pure function of the rules and
 * what the card has spent (issue 33 §1, §5). Written so the authorization path and the preview use
 * the same function: the preview replays past authorizations through it. PROVISIONAL home until
 * spend-core's evaluator exists; then the preview imports theirs and this file goes.
 *
 * Limits are "spent + amount > limit → decline": an amount that reaches a limit exactly passes.
 * The first failing rule, in the order below, is the one the customer reads.
 */
import type { MccGroup, RuleSet, SpendRuleId } from '../../../contract/spending-rule-set';
import { mccInGroup } from '../../../contract/spending-rule-set';

export interface RuleFacts {
  /** Minor units of the card's currency. */
  amount: number;
  /** The merchant's category code (4 digits) and country (ISO alpha-2), as the issuer sent them. */
  category: string;
  country: string;
  at: Date;
  /** What the card has spent (held or cleared, net of refunds) today, this month, ever — before this one. */
  spentToday: number;
  spentThisMonth: number;
  spentLifetime: number;
  /** The card already had an approved authorization (single-use cards take one). */
  usedBefore: boolean;
}

function inAnyGroup(category: string, groups: readonly MccGroup[]): boolean {
  return groups.some((group) => mccInGroup(category, group));
}

export function spendRuleDecline(rules: RuleSet, facts: RuleFacts): SpendRuleId | null {
  const at = facts.at.getTime();
  if (rules.validFrom && at < Date.parse(rules.validFrom)) return 'not_yet_valid';
  if (rules.validUntil && at >= Date.parse(rules.validUntil)) return 'no_longer_valid';
  if (rules.singleUse && facts.usedBefore) return 'single_use';
  if (rules.categories) {
    const inside = inAnyGroup(facts.category, rules.categories.groups);
    if (rules.categories.mode === 'allow' ? !inside : inside) return 'category';
  }
  if (rules.countries) {
    const inside = rules.countries.codes.includes(facts.country.toUpperCase());
    if (rules.countries.mode === 'allow' ? !inside : inside) return 'country';
  }
  const over = (limit: number | null | undefined, spent: number) =>
    limit !== null && limit !== undefined && spent + facts.amount > limit;
  if (over(rules.perAuthorization, 0)) return 'per_authorization';
  if (over(rules.perDay, facts.spentToday)) return 'per_day';
  if (over(rules.perMonth, facts.spentThisMonth)) return 'per_month';
  if (over(rules.lifetime, facts.spentLifetime)) return 'lifetime';
  return null;
}

/** A group's monthly budget, shared by its cards: the same "reaching it exactly passes". */
export function groupBudgetDecline(budget: number | null, groupSpentThisMonth: number, amount: number): boolean {
  return budget !== null && groupSpentThisMonth + amount > budget;
}
