/**
 * The group-budget step of the preview's replay. A card's own rules are decided by spend-core's
 * pure `ruleDeclineFor` (spending/rule-decline.ts), the authorization path's own function; the
 * group budget is decided there by an atomic claim in the database, so the replay states the same
 * boundary here: reaching the budget exactly passes, one minor unit over declines.
 */
export function groupBudgetDecline(
  budget: number | null,
  groupUsedThisMonth: number,
  amount: number,
): boolean {
  return budget !== null && groupUsedThisMonth + amount > budget;
}
