/**
 * `editBatchGroup` / `editCardGroup`: put cards into a group, or out of any group (`gid` empty).
 * All or nothing: every card must be the caller's own and not deleted (any other: 404).
 *
 * The target group is locked FOR SHARE first, so a move and a merge or removal of that group run
 * one after the other; a card's membership is one row keyed by the card, written with an upsert,
 * so a card is in one group or none whatever runs beside it (a batch freeze locks the card rows;
 * the move does not need them locked, since it changes no card column).
 */
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { cardGroupMembers, cards } from '../../db/schema';
import type { CardOwner } from '../cards/card-access';
import { cardNotFound, ownedBy } from '../cards/card-access';
import { lockGroups } from './group-access';

/** The caller's cards among `cardIds`, not deleted; any other id is a 404. */
export async function ownLiveCardIds(
  tx: Tx,
  owner: CardOwner,
  cardIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(cardIds)].sort();
  const rows = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(inArray(cards.id, unique), ownedBy(owner), ne(cards.status, 'deleted')));
  if (rows.length !== unique.length) throw cardNotFound();
  return unique;
}

/** Puts the cards in the group (already locked and checked by the caller), or in none. */
export async function placeCards(
  tx: Tx,
  owner: CardOwner,
  cardIds: readonly string[],
  groupId: string | null,
  now: Date,
): Promise<void> {
  if (cardIds.length === 0) return;
  if (groupId === null) {
    await tx.delete(cardGroupMembers).where(inArray(cardGroupMembers.cardId, [...cardIds]));
    return;
  }
  await tx
    .insert(cardGroupMembers)
    .values(cardIds.map((cardId) => ({ cardId, groupId, accountId: owner.accountId, addedAt: now })))
    .onConflictDoUpdate({
      target: cardGroupMembers.cardId,
      set: { groupId: sql`excluded.group_id`, addedAt: sql`excluded.added_at` },
    });
}

export async function moveCards(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardIds: readonly string[]; gid?: string | undefined },
): Promise<{ moved: number }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const groupId = input.gid ?? null;
    if (groupId) await lockGroups(tx, owner, [groupId], 'share');
    const ids = await ownLiveCardIds(tx, owner, input.cardIds);
    await placeCards(tx, owner, ids, groupId, ctx.now());
    return { moved: ids.length };
  });
}
