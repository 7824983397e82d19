/**
 * The preview's replay (issue 33 §5): the past authorizations of a card or a group, oldest first,
 * run through the proposed rules with spend-core's `ruleDeclineFor` — the authorization path's own function —
 * keeping each card's day, month and lifetime use as the replay goes (approved and not reversed, as
 * the authorization path counts it). An authorization the
 * proposed rules decline adds nothing to what was spent, as it would not have held any money, so a
 * later one may pass where it really passed. Pure: the operation (preview-rules.ts) reads the rows.
 */
import type { CardSpendRules, SpendRuleReason } from '../../../contract/spending';
import { ACCOUNT_TIME_ZONE, civilDate } from '../account/account-calendar';
import { BUDGET_CURRENCY } from '../spending/group-budget';
import { ruleDeclineFor } from '../spending/rule-decline';
import { groupBudgetDecline } from './rule-evaluation';

export interface PastAuthorization {
  id: string;
  cardId: string;
  /** What counts against limits: the amount, or 0 for one reversed since (a refund gives no room back). */
  counted: number;
  amount: number;
  currency: string;
  category: string;
  country: string;
  at: Date;
  /** Shown in the result only when inside the window (older rows only build up the counters). */
  shown: boolean;
}

export interface CardHistory {
  /** Used before the first replayed row (lifetime limit), and whether any of it is still counted. */
  usedBefore: number;
}

export interface WouldDecline {
  id: string;
  rule: SpendRuleReason;
}

export function simulateRules(input: {
  rules: CardSpendRules | null;
  monthlyBudget: number | null;
  rows: readonly PastAuthorization[];
  history: ReadonlyMap<string, CardHistory>;
  timeZone?: string;
}): { considered: number; declined: WouldDecline[] } {
  const zone = input.timeZone ?? ACCOUNT_TIME_ZONE;
  const cards = new Map<
    string,
    { day: string; month: string; today: number; thisMonth: number; lifetime: number }
  >();
  const groupMonths = new Map<string, number>();
  const declined: WouldDecline[] = [];
  let considered = 0;
  const ordered = [...input.rows].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  for (const row of ordered) {
    const date = civilDate(row.at, zone);
    const month = date.slice(0, 7);
    const past = input.history.get(row.cardId);
    const card = cards.get(row.cardId) ?? {
      day: date,
      month,
      today: 0,
      thisMonth: 0,
      lifetime: past?.usedBefore ?? 0,
    };
    if (card.day !== date) [card.day, card.today] = [date, 0];
    if (card.month !== month) [card.month, card.thisMonth] = [month, 0];
    cards.set(row.cardId, card);
    const groupSpent = groupMonths.get(month) ?? 0;
    let rule: SpendRuleReason | null = input.rules
      ? ruleDeclineFor(
          input.rules,
          {
            day: { held: 0, spent: card.today },
            month: { held: 0, spent: card.thisMonth },
            life: { held: 0, spent: card.lifetime },
          },
          { amount: row.amount, merchant: { category: row.category, country: row.country } },
          row.at,
        )
      : null;
    const inBudget = row.currency === BUDGET_CURRENCY;
    if (!rule && inBudget && groupBudgetDecline(input.monthlyBudget, groupSpent, row.amount))
      rule = 'group_budget';
    if (row.shown) considered += 1;
    if (rule) {
      if (row.shown) declined.push({ id: row.id, rule });
      continue;
    }
    card.today += row.counted;
    card.thisMonth += row.counted;
    card.lifetime += row.counted;
    if (inBudget) groupMonths.set(month, groupSpent + row.counted);
  }
  return { considered, declined };
}
