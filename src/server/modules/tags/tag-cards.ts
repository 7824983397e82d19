/**
 * Tags on cards. `tag/editCardTag` (designed) puts the `add` tags on every given card and takes
 * the `remove` tags off, in one transaction; `tag/removeCardTag` takes one tag off. Every card must
 * be the caller's own and not deleted, every tag the customer's (404 otherwise, nothing changed).
 * Putting on a tag a card has, or taking off one it lacks, changes nothing: the call is safe to
 * repeat.
 */
import { and, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { cardTags } from '../../db/schema';
import type { CardOwner } from '../cards/card-access';
import { ownLiveCardIds } from '../card-groups/move-cards';
import { lockTags } from './tag-access';

/** Puts the tags on the cards (both already checked); answers how many pairs were new. */
export async function tagCards(
  tx: Tx,
  cardIds: readonly string[],
  tagIds: readonly string[],
  now: Date,
): Promise<number> {
  if (cardIds.length === 0 || tagIds.length === 0) return 0;
  const added = await tx
    .insert(cardTags)
    .values(cardIds.flatMap((cardId) => tagIds.map((tagId) => ({ cardId, tagId, createdAt: now }))))
    .onConflictDoNothing()
    .returning({ cardId: cardTags.cardId });
  return added.length;
}

async function untagCards(tx: Tx, cardIds: readonly string[], tagIds: readonly string[]): Promise<number> {
  if (cardIds.length === 0 || tagIds.length === 0) return 0;
  const removed = await tx
    .delete(cardTags)
    .where(and(inArray(cardTags.cardId, [...cardIds]), inArray(cardTags.tagId, [...tagIds])))
    .returning({ cardId: cardTags.cardId });
  return removed.length;
}

export async function editCardTags(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardIds: string[]; add?: string[] | undefined; remove?: string[] | undefined },
): Promise<{ added: number; removed: number }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const add = [...new Set(input.add ?? [])];
    const remove = [...new Set(input.remove ?? [])].filter((id) => !add.includes(id));
    await lockTags(tx, owner, [...add, ...remove]);
    const ids = await ownLiveCardIds(tx, owner, input.cardIds);
    const added = await tagCards(tx, ids, add, ctx.now());
    const removed = await untagCards(tx, ids, remove);
    return { added, removed };
  });
}

export async function removeCardTag(
  ctx: AppContext,
  owner: CardOwner,
  input: { tagId: string; cardIds: string[] },
): Promise<{ changed: number }> {
  return inTransaction(ctx.database.db, async (tx) => {
    await lockTags(tx, owner, [input.tagId]);
    const ids = await ownLiveCardIds(tx, owner, input.cardIds);
    return { changed: await untagCards(tx, ids, [input.tagId]) };
  });
}
