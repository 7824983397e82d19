/**
 * Which groups a caller sees and may change, and the card conditions they stand for.
 *
 * - The main account holder sees and manages every group of the account.
 * - A sub-account user sees the groups it created and those holding at least one of its own cards;
 *   it manages (renames, pins, deletes, merges) only groups it created that hold no card of anyone
 *   else, so it can never scatter cards it cannot see. Counts and sums count only its own cards.
 *
 * A group that does not exist and one the caller may not see answer the same 404, so ids cannot be
 * probed across customers.
 */
import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { Executor, Tx } from '../../db/client';
import { cardGroupMembers, cardGroups, cards } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CardOwner } from '../cards/card-access';

export type GroupRow = typeof cardGroups.$inferSelect;

export function groupNotFound(): AppError {
  return new AppError(404, 'server:cardGroups.notFound');
}

/** The groups the caller sees. */
export function visibleGroups(owner: CardOwner): SQL {
  const mine = eq(cardGroups.accountId, owner.accountId);
  if (!owner.subAccountId) return mine;
  const holdsOwnCard = sql`exists (select 1 from ${cardGroupMembers} m join ${cards} c on c.id = m.card_id
    where m.group_id = ${cardGroups.id} and c.sub_account_id = ${owner.subAccountId})`;
  return and(mine, or(eq(cardGroups.creatorSubAccountId, owner.subAccountId), holdsOwnCard))!;
}

/** The card rows the caller counts (and acts on) inside a group: its own, not deleted. */
export function countedCards(owner: CardOwner): SQL {
  const mine = and(eq(cards.accountId, owner.accountId), ne(cards.status, 'deleted'))!;
  return owner.subAccountId ? and(mine, eq(cards.subAccountId, owner.subAccountId))! : mine;
}

/** The caller's own cards in any state (spending history includes cards deleted since). */
export function countedCardsAnyState(owner: CardOwner): SQL {
  const mine = eq(cards.accountId, owner.accountId);
  return owner.subAccountId ? and(mine, eq(cards.subAccountId, owner.subAccountId))! : mine;
}

export async function findGroup(db: Executor, owner: CardOwner, id: string): Promise<GroupRow> {
  const [group] = await db
    .select()
    .from(cardGroups)
    .where(and(eq(cardGroups.id, id), visibleGroups(owner)))
    .limit(1);
  if (!group) throw groupNotFound();
  return group;
}

/**
 * The groups, row-locked in id order (two merges never deadlock; one that comes second finds a
 * group the first deleted missing, and gets 404 with nothing changed).
 */
export async function lockGroups(
  tx: Tx,
  owner: CardOwner,
  ids: readonly string[],
  mode: 'update' | 'share',
): Promise<GroupRow[]> {
  const unique = [...new Set(ids)].sort();
  const rows = await tx
    .select()
    .from(cardGroups)
    .where(and(inArray(cardGroups.id, unique), visibleGroups(owner)))
    .orderBy(cardGroups.id)
    .for(mode);
  if (rows.length !== unique.length) throw groupNotFound();
  return rows;
}

/** A sub-account user may change only groups it created that hold no one else's cards. */
export async function requireManageable(
  db: Executor,
  owner: CardOwner,
  groups: readonly GroupRow[],
): Promise<void> {
  if (!owner.subAccountId) return;
  if (groups.some((g) => g.creatorSubAccountId !== owner.subAccountId))
    throw new AppError(Code.noPermission, 'server:cardGroups.notYours');
  const [foreign] = await db
    .select({ cardId: cardGroupMembers.cardId })
    .from(cardGroupMembers)
    .innerJoin(cards, eq(cards.id, cardGroupMembers.cardId))
    .where(
      and(
        inArray(
          cardGroupMembers.groupId,
          groups.map((g) => g.id),
        ),
        or(isNull(cards.subAccountId), ne(cards.subAccountId, owner.subAccountId)),
      ),
    )
    .limit(1);
  if (foreign) throw new AppError(Code.noPermission, 'server:cardGroups.notYours');
}

/** `main` or the creating sub-account's id, as the contract shows it. */
export function creatorOf(group: GroupRow): string {
  return group.creatorSubAccountId ?? 'main';
}
