/**
 * A card group's monthly budget (issue 33 §2): `GET /api/cardGroup/budget` (held, spent, left this
 * month) and `POST /api/cardGroup/setBudget`. Visibility and management follow the groups' own rules
 * (card-groups/group-access.ts): a member reads the groups it sees and sets the budget only of a
 * group it may manage. The budget is in USD, like the group's panel; only the group's USD cards
 * count against it. Lowering it below what the month already used declines every new payment of
 * the group's cards until the next month; nothing already approved is undone.
 */
import { eq } from 'drizzle-orm';
import type { GroupBudgetView } from '@contract/spending';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/client';
import { cardGroupBudgets } from '../../db/schema';
import type { CardOwner } from '../cards/card-access';
import type { GroupRow } from '../card-groups/group-access';
import { findGroup, lockGroups, requireManageable } from '../card-groups/group-access';
import { groupSubject, monthKey, periodsAt, SPEND_TIME_ZONE } from './periods';
import { readCounters, usageOf } from './stored-rules';
import { BUDGET_CURRENCY } from './budget-currency';

export { BUDGET_CURRENCY };

export async function readGroupBudget(
  ctx: AppContext,
  owner: CardOwner,
  groupId: string,
): Promise<GroupBudgetView> {
  const db = ctx.database.db;
  const group = await findGroup(db, owner, groupId);
  return budgetViewOf(db, group, ctx.now());
}

async function budgetViewOf(db: Executor, group: GroupRow, now: Date): Promise<GroupBudgetView> {
  const [row] = await db.select().from(cardGroupBudgets).where(eq(cardGroupBudgets.groupId, group.id));
  const periods = periodsAt(now);
  const counters = await readCounters(db, groupSubject(group.id), [monthKey(periods)]);
  const usage = usageOf(row?.monthly ?? null, counters.get(monthKey(periods))!);
  return {
    groupId: group.id,
    currency: row?.currency ?? BUDGET_CURRENCY,
    monthly: usage.limit,
    month: periods.month,
    timeZone: SPEND_TIME_ZONE,
    held: usage.held,
    spent: usage.spent,
    left: usage.left,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function setGroupBudget(
  ctx: AppContext,
  owner: CardOwner,
  input: { id: string; monthly: number | null },
  audit: (detail: Record<string, unknown>) => void,
): Promise<GroupBudgetView> {
  return inTransaction(ctx.database.db, async (tx) => {
    const [group] = await lockGroups(tx, owner, [input.id], 'update');
    await requireManageable(tx, owner, [group!]);
    const [before] = await tx
      .select({ monthly: cardGroupBudgets.monthly })
      .from(cardGroupBudgets)
      .where(eq(cardGroupBudgets.groupId, group!.id))
      .for('update');
    const now = ctx.now();
    if (input.monthly === null)
      await tx.delete(cardGroupBudgets).where(eq(cardGroupBudgets.groupId, group!.id));
    else
      await tx
        .insert(cardGroupBudgets)
        .values({
          groupId: group!.id,
          accountId: group!.accountId,
          currency: BUDGET_CURRENCY,
          monthly: input.monthly,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: cardGroupBudgets.groupId,
          set: { monthly: input.monthly, updatedAt: now },
        });
    audit({
      groupId: group!.id,
      name: group!.name,
      before: { monthly: before?.monthly ?? null, currency: BUDGET_CURRENCY },
      after: { monthly: input.monthly, currency: BUDGET_CURRENCY },
    });
    return budgetViewOf(tx, group!, now);
  });
}
