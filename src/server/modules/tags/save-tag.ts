/**
 * `tag/page`, `add`, `update`, `remove`. Names are unique per customer after folding
 * (lib/name-key.ts; index `tags_name_key`): a taken name is 409. Removing a tag takes it off every
 * card (ON DELETE CASCADE) and nothing else.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TagView } from '../../../contract/tags';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/client';
import { cardTags, tags } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { nameKey } from '../../lib/name-key';
import type { CardOwner } from '../cards/card-access';
import { findTag, lockTags, tagViews } from './tag-access';

function nameTaken() {
  return fail.conflict('server:tags.nameTaken');
}

export async function listTags(
  ctx: AppContext,
  owner: CardOwner,
  input: { pageNo: number; pageSize: number; name?: string | undefined },
) {
  const db = ctx.database.db;
  const where = and(
    eq(tags.accountId, owner.accountId),
    input.name ? sql`strpos(${tags.nameKey}, ${nameKey(input.name)}) > 0` : undefined,
  );
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(tags.nameKey), asc(tags.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const [counted] = await db.select({ total: count() }).from(tags).where(where);
  return {
    data: await tagViews(db, owner, rows),
    total: counted?.total ?? 0,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

export async function addTag(ctx: AppContext, owner: CardOwner, name: string): Promise<TagView> {
  const db = ctx.database.db;
  const now = ctx.now();
  try {
    const [tag] = await db
      .insert(tags)
      .values({
        id: newId(),
        accountId: owner.accountId,
        name,
        nameKey: nameKey(name),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return (await tagViews(db, owner, [tag!]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function renameTag(
  ctx: AppContext,
  owner: CardOwner,
  input: { id: string; name: string },
): Promise<TagView> {
  const db = ctx.database.db;
  const tag = await findTag(db, owner, input.id);
  try {
    const [renamed] = await db
      .update(tags)
      .set({ name: input.name, nameKey: nameKey(input.name), updatedAt: ctx.now() })
      .where(eq(tags.id, tag.id))
      .returning();
    return (await tagViews(db, owner, [renamed!]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * A sub-account user may delete only a tag none but its own cards carry: removing it would
 * otherwise untag cards it cannot see.
 */
export async function removeTag(
  ctx: AppContext,
  owner: CardOwner,
  id: string,
): Promise<{ untagged: number }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const [tag] = await lockTags(tx, owner, [id]);
    const carried = await tx
      .select({
        cardId: cardTags.cardId,
        sub: sql<string | null>`(select sub_account_id from cards where cards.id = ${cardTags.cardId})`,
      })
      .from(cardTags)
      .where(eq(cardTags.tagId, tag!.id));
    if (owner.subAccountId && carried.some((c) => c.sub !== owner.subAccountId)) throw fail.noPermission();
    await tx.delete(tags).where(eq(tags.id, tag!.id));
    return { untagged: carried.length };
  });
}
