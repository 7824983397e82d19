/**
 * Tags belong to the customer (main account and sub-accounts share them). A tag that does not
 * exist and one of another customer answer the same 404. Counts count only the caller's own cards.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { TagView } from '../../../contract/tags';
import type { Executor, Tx } from '../../db/client';
import { cardTags, cards, tags } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CardOwner } from '../cards/card-access';
import { countedCards } from '../card-groups/group-access';

export type TagRow = typeof tags.$inferSelect;

export function tagNotFound(): AppError {
  return new AppError(404, 'server:tags.notFound');
}

export async function findTag(db: Executor, owner: CardOwner, id: string): Promise<TagRow> {
  const [tag] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.accountId, owner.accountId)))
    .limit(1);
  if (!tag) throw tagNotFound();
  return tag;
}

/** All the tags, row-locked FOR SHARE (a removal waits), or 404 if any is missing. */
export async function lockTags(tx: Tx, owner: CardOwner, ids: readonly string[]): Promise<TagRow[]> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return [];
  const rows = await tx
    .select()
    .from(tags)
    .where(and(inArray(tags.id, unique), eq(tags.accountId, owner.accountId)))
    .orderBy(tags.id)
    .for('share');
  if (rows.length !== unique.length) throw tagNotFound();
  return rows;
}

export async function tagViews(db: Executor, owner: CardOwner, rows: readonly TagRow[]): Promise<TagView[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ tagId: cardTags.tagId, n: count() })
    .from(cardTags)
    .innerJoin(cards, eq(cards.id, cardTags.cardId))
    .where(
      and(
        inArray(
          cardTags.tagId,
          rows.map((r) => r.id),
        ),
        countedCards(owner),
      ),
    )
    .groupBy(cardTags.tagId);
  const countOf = new Map(counts.map((c) => [c.tagId, c.n]));
  return rows.map((tag) => ({
    id: tag.id,
    name: tag.name,
    cardCount: countOf.get(tag.id) ?? 0,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
  }));
}
