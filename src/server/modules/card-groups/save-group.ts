/**
 * `cardGroup/add`, `update` (rename) and `upGroup` (pin / unpin). A name taken by another group of
 * the customer — compared by name-key.ts, so case and full-width forms do not make a new name — is
 * 409; the unique index `card_groups_name_key` settles two simultaneous creations.
 */
import { eq } from 'drizzle-orm';
import type { CardGroupView } from '../../../contract/card-groups';
import type { AppContext } from '../../context';
import { cardGroups } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { nameKey } from '../../lib/name-key';
import { isUniqueViolation } from '../../db/client';
import type { CardOwner } from '../cards/card-access';
import { findGroup, requireManageable } from './group-access';
import { groupView } from './group-views';

function nameTaken() {
  return fail.conflict('server:cardGroups.nameTaken');
}

export async function addGroup(ctx: AppContext, owner: CardOwner, name: string): Promise<CardGroupView> {
  const db = ctx.database.db;
  const now = ctx.now();
  try {
    const [group] = await db
      .insert(cardGroups)
      .values({
        id: newId(),
        accountId: owner.accountId,
        name,
        nameKey: nameKey(name),
        creatorSubAccountId: owner.subAccountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return await groupView(db, owner, group!, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function renameGroup(
  ctx: AppContext,
  owner: CardOwner,
  input: { id: string; name: string },
): Promise<CardGroupView> {
  const db = ctx.database.db;
  const group = await findGroup(db, owner, input.id);
  await requireManageable(db, owner, [group]);
  try {
    const [renamed] = await db
      .update(cardGroups)
      .set({ name: input.name, nameKey: nameKey(input.name), updatedAt: ctx.now() })
      .where(eq(cardGroups.id, group.id))
      .returning();
    return await groupView(db, owner, renamed!, ctx.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function pinGroup(
  ctx: AppContext,
  owner: CardOwner,
  input: { id: string; up: '0' | '1' },
): Promise<CardGroupView> {
  const db = ctx.database.db;
  const group = await findGroup(db, owner, input.id);
  await requireManageable(db, owner, [group]);
  const [pinned] = await db
    .update(cardGroups)
    .set({ pinnedAt: input.up === '1' ? ctx.now() : null, updatedAt: ctx.now() })
    .where(eq(cardGroups.id, group.id))
    .returning();
  return groupView(db, owner, pinned!, ctx.now());
}
