/**
 * The authorization path's side of spending controls (issue 33 §4), called inside the transaction
 * that decides and holds the amount (card-spend/authorizations/authorize.ts), after the card's row
 * lock — so the card's own counters need no claim of their own: two authorizations of one card are
 * already one after the other. A group's cards are not, so its month is claimed by ONE conditional
 * upsert (the limit-claim pattern, src/server/lib/limit-claim.ts: the row lock PostgreSQL takes for
 * `ON CONFLICT DO UPDATE … WHERE` serialises the claims and re-checks the condition on the latest
 * row), which refuses past the budget: 50 concurrent authorizations of a group's cards never pass it.
 *
 * Statements per authorization: one read (rules, group, budget and the card's counters together),
 * the group's claim when the card is in a group, one write of the card's three counters.
 * Clearing and reversal: one update each.
 */
import { sql } from 'drizzle-orm';
import type { CardSpendRules } from '@contract/spending';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { SpendPeriods } from './periods';
import { cardSubject, dayKey, groupSubject, LIFE_KEY, monthKey, periodsOfDay } from './periods';
import type { CardUsage } from './rule-decline';
import type { Counter } from './stored-rules';
import { parseStoredRules } from './stored-rules';
import { BUDGET_CURRENCY } from './budget-currency';

export interface SpendFacts {
  rules: CardSpendRules;
  usage: CardUsage;
  /** The group whose month this card's approval counts in (its group, for a card in the budget's currency). */
  groupId: string | null;
  /** The group's monthly budget; null: none (the month is still counted). */
  budget: number | null;
}

interface Row {
  rules: unknown;
  group_id: string | null;
  monthly: string | number | null;
  day_held: string | number | null;
  day_spent: string | number | null;
  month_held: string | number | null;
  month_spent: string | number | null;
  life_held: string | number | null;
  life_spent: string | number | null;
}

const num = (value: string | number | null): number => (value === null ? 0 : Number(value));
const counter = (held: string | number | null, spent: string | number | null): Counter => ({
  held: num(held),
  spent: num(spent),
});

/** One statement: the card's rules, its group and budget, and its counters of now's periods. */
export async function readSpendFacts(
  tx: Tx,
  card: { id: string; currency: string },
  periods: SpendPeriods,
): Promise<SpendFacts> {
  const subject = cardSubject(card.id);
  const [row] = await rowsOf<Row>(
    tx,
    sql`
    select r.rules, m.group_id, b.monthly,
      d.held as day_held, d.spent as day_spent,
      mo.held as month_held, mo.spent as month_spent,
      l.held as life_held, l.spent as life_spent
    from (select ${card.id}::text as card_id) c
    left join card_spend_rules r on r.card_id = c.card_id
    left join card_group_members m on m.card_id = c.card_id
    left join card_group_budgets b on b.group_id = m.group_id
    left join spend_counters d on d.subject = ${subject} and d.period = ${dayKey(periods)}
    left join spend_counters mo on mo.subject = ${subject} and mo.period = ${monthKey(periods)}
    left join spend_counters l on l.subject = ${subject} and l.period = ${LIFE_KEY}`,
  );
  if (!row) throw new Error('the spending facts query answered no row');
  const counted = row.group_id !== null && card.currency === BUDGET_CURRENCY;
  return {
    rules: parseStoredRules(row.rules),
    usage: {
      day: counter(row.day_held, row.day_spent),
      month: counter(row.month_held, row.month_spent),
      life: counter(row.life_held, row.life_spent),
    },
    groupId: counted ? row.group_id : null,
    budget: counted && row.monthly !== null ? Number(row.monthly) : null,
  };
}

/**
 * Claims `amount` of the group's month: true when it fits the budget (or there is none) and is now
 * held, false (nothing changed) when it would pass it. At the budget is allowed.
 */
export async function claimGroupMonth(
  tx: Tx,
  groupId: string,
  periods: SpendPeriods,
  amount: number,
  budget: number | null,
): Promise<boolean> {
  if (budget !== null && amount > budget) return false;
  const within =
    budget === null
      ? sql``
      : sql`where spend_counters.held + spend_counters.spent + excluded.held <= ${budget}`;
  const claimed = await rowsOf<{ ok: number }>(
    tx,
    sql`
    insert into spend_counters (subject, period, held, spent)
    values (${groupSubject(groupId)}, ${monthKey(periods)}, ${amount}, 0)
    on conflict (subject, period) do update set held = spend_counters.held + excluded.held
    ${within}
    returning 1 as ok`,
  );
  return claimed.length === 1;
}

/** Adds an approval to the card's day, month and lifetime (the card is locked). */
export async function holdOnCard(
  tx: Tx,
  cardId: string,
  periods: SpendPeriods,
  amount: number,
): Promise<void> {
  const subject = cardSubject(cardId);
  await tx.execute(sql`
    insert into spend_counters (subject, period, held, spent)
    values (${subject}, ${dayKey(periods)}, ${amount}, 0), (${subject}, ${monthKey(periods)}, ${amount}, 0),
      (${subject}, ${LIFE_KEY}, ${amount}, 0)
    on conflict (subject, period) do update set held = spend_counters.held + excluded.held`);
}

export interface CountedAuthorization {
  cardId: string;
  amount: number;
  /** null: the authorization was never counted (declined, or approved before the counters). */
  spendDay: string | null;
  budgetGroupId: string | null;
}

/** The counters an approval was added to: the card's three, and the group's month. */
function countedRows(auth: CountedAuthorization): ReturnType<typeof sql> {
  const periods = periodsOfDay(auth.spendDay!);
  const card = cardSubject(auth.cardId);
  const keys = [
    sql`(${card}, ${dayKey(periods)})`,
    sql`(${card}, ${monthKey(periods)})`,
    sql`(${card}, ${LIFE_KEY})`,
  ];
  if (auth.budgetGroupId) keys.push(sql`(${groupSubject(auth.budgetGroupId)}, ${monthKey(periods)})`);
  return sql`(subject, period) in (${sql.join(keys, sql`, `)})`;
}

/** Clearing: the held amount becomes spent. */
export async function settleCounted(tx: Tx, auth: CountedAuthorization): Promise<void> {
  if (auth.spendDay === null) return;
  await tx.execute(
    sql`update spend_counters set held = held - ${auth.amount}, spent = spent + ${auth.amount} where ${countedRows(auth)}`,
  );
}

/** Reversal: the held amount is released, giving its room back. */
export async function releaseCounted(tx: Tx, auth: CountedAuthorization): Promise<void> {
  if (auth.spendDay === null) return;
  await tx.execute(sql`update spend_counters set held = held - ${auth.amount} where ${countedRows(auth)}`);
}
