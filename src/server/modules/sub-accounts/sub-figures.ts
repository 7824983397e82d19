/**
 * A member's figures, summed from the ledger and the card records on every read (nothing stored
 * twice): what the owner's wallets paid for openings and recharges of the member's cards (fees
 * included), what the member's cards spent in USD, and how many authorizations they had.
 *
 * A movement counts for a member when one of its card legs is a card of that member; a main
 * account's batch over several members' cards counts in full for each of them.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';

export interface Figures {
  usdConsumption: number;
  cnyRecharge: number;
  usdRecharge: number;
  tradeCount: number;
}

const ZERO: Figures = { usdConsumption: 0, cnyRecharge: 0, usdRecharge: 0, tradeCount: 0 };

/** Spent amounts: approved authorizations, less what was refunded; reversed and declined spent nothing. */
const SPENT_STATUSES = sql`('pending', 'completed', 'refunded')`;

function idArray(subIds: readonly string[]) {
  return sql`array[${sql.join(
    subIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
}

/** USD spent and authorizations counted per member since `since` (null: lifetime). */
function spentBy(db: Executor, accountId: string, subIds: readonly string[], since: Date | null) {
  const from = since ? sql`and a.created_at >= ${since.toISOString()}::timestamptz` : sql``;
  return rowsOf<{ sub_id: string; usd: string | number; count: string | number }>(
    db,
    sql`select a.sub_account_id as sub_id,
        coalesce(sum(a.amount - a.refunded) filter (where a.currency = 'USD' and a.status in ${SPENT_STATUSES}), 0) as usd,
        count(*) as count
      from card_authorizations a
      where a.account_id = ${accountId} and a.sub_account_id = any(${idArray(subIds)}) ${from}
      group by a.sub_account_id`,
  );
}

/**
 * What one member's cards spent in USD since `since`, as the figures count it (the monthly USD
 * spend limit is checked against this at authorization).
 */
export async function usdSpentBy(
  db: Executor,
  accountId: string,
  subId: string,
  since: Date,
): Promise<number> {
  const [row] = await spentBy(db, accountId, [subId], since);
  return Number(row?.usd ?? 0);
}

/**
 * Figures of several members of one account, since `since` (null: lifetime). One statement for the
 * recharges and one for the authorizations, whatever the number of members.
 */
export async function figuresOf(
  db: Executor,
  accountId: string,
  subIds: readonly string[],
  since: Date | null,
): Promise<Map<string, Figures>> {
  const result = new Map<string, Figures>(subIds.map((id) => [id, { ...ZERO }]));
  if (subIds.length === 0) return result;
  const ids = idArray(subIds);
  const from = since ? sql`and t.created_at >= ${since.toISOString()}::timestamptz` : sql``;
  const paid = await rowsOf<{ sub_id: string; currency: string; total: string | number }>(
    db,
    sql`select x.sub_id, e.currency, sum(-e.amount) as total
      from (
        select distinct ce.transaction_id, c.sub_account_id as sub_id
        from cards c
        join ledger_entries ce on ce.ledger_account_id = c.ledger_account_id
        where c.account_id = ${accountId} and c.sub_account_id = any(${ids})
      ) x
      join ledger_transactions t on t.id = x.transaction_id and t.kind in ('card_open', 'card_recharge')
      join ledger_entries e on e.transaction_id = x.transaction_id and e.account_id = ${accountId} and e.amount < 0
      where true ${from}
      group by x.sub_id, e.currency`,
  );
  for (const row of paid) {
    const figures = result.get(row.sub_id);
    if (!figures) continue;
    if (row.currency === 'CNY') figures.cnyRecharge = Number(row.total);
    if (row.currency === 'USD') figures.usdRecharge = Number(row.total);
  }
  for (const row of await spentBy(db, accountId, subIds, since)) {
    const figures = result.get(row.sub_id);
    if (!figures) continue;
    figures.usdConsumption = Number(row.usd);
    figures.tradeCount = Number(row.count);
  }
  return result;
}
