/**
 * `cardGroup/remove` and `batchRemove`: the groups go, their cards stay in no group (the
 * memberships go with the group, ON DELETE CASCADE). Several groups: all or nothing.
 */
import { count, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { cardGroupLogs, cardGroupMembers, cardGroups } from '../../db/schema';
import type { CardOwner } from '../cards/card-access';
import { lockGroups, requireManageable } from './group-access';

export async function removeGroups(
  ctx: AppContext,
  owner: CardOwner,
  ids: readonly string[],
): Promise<{ removed: number; ungrouped: number }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const groups = await lockGroups(tx, owner, ids, 'update');
    await requireManageable(tx, owner, groups);
    const groupIds = groups.map((g) => g.id);
    const [members] = await tx
      .select({ n: count() })
      .from(cardGroupMembers)
      .where(inArray(cardGroupMembers.groupId, groupIds));
    await tx.delete(cardGroups).where(inArray(cardGroups.id, groupIds));
    const ungrouped = members?.n ?? 0;
    await tx.insert(cardGroupLogs).values({
      accountId: owner.accountId,
      subAccountId: owner.subAccountId,
      action: 'remove',
      detail: { groups: groups.map((g) => ({ id: g.id, name: g.name })), ungrouped },
      createdAt: ctx.now(),
    });
    return { removed: groups.length, ungrouped };
  });
}
