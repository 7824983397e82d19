/**
 * Filters by group, by "no group" and by tag, for every list of cards or of their records (card/page,
 * cardDown, cardTrade pages and files). `cardId` is the column that names the card in that list.
 * The caller's own scope (account, sub-account) is applied by the list itself, so a group or tag id
 * of another customer simply matches nothing.
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { cardGroupMembers, cardTags } from '../../db/schema';

/** The value of `groupId` that asks for the cards in no group. */
export const NO_GROUP = 'none';

export function groupCondition(cardId: AnyColumn, groupId: string | undefined): SQL | undefined {
  if (!groupId) return undefined;
  if (groupId === NO_GROUP)
    return sql`not exists (select 1 from ${cardGroupMembers} where ${cardGroupMembers.cardId} = ${cardId})`;
  return sql`exists (select 1 from ${cardGroupMembers} where ${cardGroupMembers.cardId} = ${cardId} and ${cardGroupMembers.groupId} = ${groupId})`;
}

export function tagCondition(cardId: AnyColumn, tagId: string | undefined): SQL | undefined {
  if (!tagId) return undefined;
  return sql`exists (select 1 from ${cardTags} where ${cardTags.cardId} = ${cardId} and ${cardTags.tagId} = ${tagId})`;
}
