/**
 * The card list's totals from the card tally (migration 0025, schema/card-tally.ts) instead of a
 * count: for the list unfiltered, filtered by "no group" alone, or by one tag alone. Counting those
 * tested every card of the account (a join of 10,000 cards with their memberships or tags), which
 * made the filtered list the slowest read of the bench on PGlite (docs/benchmarks.md). Any other
 * filter, or a group (whose count starts from its own members), still counts.
 */
import { and, eq, isNotNull, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { cardTally } from '../../../db/schema';
import type { JobSpec } from '../../../lib/jobs';
import { NO_GROUP } from '../../card-groups/card-conditions';

/**
 * Whose cards a list holds, as the tally splits them: every card of the account, the cards of
 * every sub-account (the owner's team list), or one holder's (a member; the owner's own cards are
 * never listed alone).
 */
export type TallyHolders =
  | { accountId: string; holders: 'everyone' | 'members' }
  | { accountId: string; holders: 'one'; subAccountId: string };

/** The parts of a list's input that are not filters: they never keep the tally from answering. */
const NOT_FILTERS = new Set(['pageNo', 'pageSize', 'subAccountId']);

/**
 * The bucket holding exactly the cards `input` asks for, or null when the filter is anything else.
 * An unknown field counts as a filter, so a filter added later counts until it is taught here.
 */
export function tallyBucket(input: object): string | null {
  const filters = Object.entries(input).filter(
    ([name, value]) => !NOT_FILTERS.has(name) && value !== undefined && value !== '',
  );
  if (filters.length === 0) return 'all';
  if (filters.length > 1) return null;
  const [name, value] = filters[0]!;
  if (name === 'groupId' && value === NO_GROUP) return 'none';
  if (name === 'tagId' && typeof value === 'string') return `tag:${value}`;
  return null;
}

/** The number of cards in `bucket` held by `scope`: the sum of its rows of changes. */
export async function readTally(db: Executor, scope: TallyHolders, bucket: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(cardTally.delta).mapWith(Number) })
    .from(cardTally)
    .where(and(eq(cardTally.accountId, scope.accountId), eq(cardTally.bucket, bucket), heldBy(scope)));
  return row?.total ?? 0;
}

function heldBy(scope: TallyHolders) {
  if (scope.holders === 'one') return eq(cardTally.subAccountId, scope.subAccountId);
  return scope.holders === 'members' ? isNotNull(cardTally.subAccountId) : undefined;
}

/**
 * Folds the rows of changes into one row per (account, holder, bucket), dropping buckets that
 * come to zero (a deleted tag's). One statement: a reader sees the rows before or after, never
 * half, and rows written while it runs are not in its snapshot, so they stay to be folded next time.
 * Returns how many rows it folded.
 */
export async function foldCardTally(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ folded: number }>(
    db,
    sql`with gone as (delete from card_tally returning account_id, sub_account_id, bucket, delta),
      kept as (
        insert into card_tally (account_id, sub_account_id, bucket, delta)
        select account_id, sub_account_id, bucket, sum(delta) from gone
        group by 1, 2, 3 having sum(delta) <> 0
      )
      select count(*)::int as folded from gone`,
  );
  return row?.folded ?? 0;
}

/** Once a minute, once across all processes: a list's total then sums a handful of rows. */
export const cardTallyJob: JobSpec = {
  name: 'card-tally',
  everyMs: 60_000,
  leaseMs: 5 * 60_000,
  run: (ctx: AppContext) => foldCardTally(ctx.database.db),
};
