/**
 * `cardGroup/merge`: the cards of the source groups move into the target and the sources are
 * deleted, in one transaction with a group-log entry naming the groups, the target and how many
 * cards moved from each. The target and sources are locked in id order first, so two merges of
 * overlapping groups run one after the other: the second finds a group the first removed gone
 * (404, nothing changed) and no card is ever left in a deleted group or in two.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { CardGroupView } from '../../../contract/card-groups';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { cardGroupLogs, cardGroupMembers, cardGroups } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { CardOwner } from '../cards/card-access';
import { lockGroups, requireManageable } from './group-access';
import { groupView } from './group-views';

export async function mergeGroups(
  ctx: AppContext,
  owner: CardOwner,
  input: { ids: readonly string[]; targetId: string },
): Promise<{ target: CardGroupView; moved: number; removed: number }> {
  const sourceIds = [...new Set(input.ids)].filter((id) => id !== input.targetId);
  if (sourceIds.length === 0) throw fail.badRequest('server:cardGroups.mergeNeedsTwo', { fields: ['ids'] });
  const result = await inTransaction(ctx.database.db, async (tx) => {
    const locked = await lockGroups(tx, owner, [input.targetId, ...sourceIds], 'update');
    await requireManageable(tx, owner, locked);
    const target = locked.find((g) => g.id === input.targetId)!;
    // The log lists the sources in the order the customer named them, not in lock order, which
    // follows the database's collation and differs between PGlite and PostgreSQL.
    const sources = sourceIds.map((id) => locked.find((g) => g.id === id)!);
    const perGroup = await tx
      .select({ groupId: cardGroupMembers.groupId, n: count() })
      .from(cardGroupMembers)
      .where(inArray(cardGroupMembers.groupId, sourceIds))
      .groupBy(cardGroupMembers.groupId);
    const movedOf = new Map(perGroup.map((row) => [row.groupId, row.n]));
    const now = ctx.now();
    const moved = await tx
      .update(cardGroupMembers)
      .set({ groupId: target.id, addedAt: now })
      .where(
        and(inArray(cardGroupMembers.groupId, sourceIds), eq(cardGroupMembers.accountId, owner.accountId)),
      )
      .returning({ cardId: cardGroupMembers.cardId });
    await tx.delete(cardGroups).where(inArray(cardGroups.id, sourceIds));
    await tx.update(cardGroups).set({ updatedAt: now }).where(eq(cardGroups.id, target.id));
    await tx.insert(cardGroupLogs).values({
      accountId: owner.accountId,
      subAccountId: owner.subAccountId,
      action: 'merge',
      detail: {
        target: { id: target.id, name: target.name },
        sources: sources.map((g) => ({ id: g.id, name: g.name, cards: movedOf.get(g.id) ?? 0 })),
        moved: moved.length,
      },
      createdAt: now,
    });
    return { target, moved: moved.length, removed: sources.length };
  });
  return {
    target: await groupView(ctx.database.db, owner, result.target, ctx.now()),
    moved: result.moved,
    removed: result.removed,
  };
}
