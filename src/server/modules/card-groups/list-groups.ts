/**
 * `cardGroup/page` (pinned first, latest pin first, then newest first), `cardCountNg` (cards in no
 * group) and `cardCount` (cards per given group). The page's groups come first from
 * `card_groups_account_idx`; only those are aggregated (group-views.ts).
 */
import { and, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { CardGroupView } from '../../../contract/card-groups';
import type { AppContext } from '../../context';
import { cardGroupMembers, cardGroups, cards } from '../../db/schema';
import { nameKey } from '../../lib/name-key';
import type { CardOwner } from '../cards/card-access';
import { countedCards, visibleGroups } from './group-access';
import { groupViews } from './group-views';

export interface GroupPage {
  data: CardGroupView[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export async function listGroups(
  ctx: AppContext,
  owner: CardOwner,
  input: { pageNo: number; pageSize: number; name?: string | undefined },
): Promise<GroupPage> {
  const db = ctx.database.db;
  // A name search matches inside the folded name, so "ads" finds "Facebook ADS".
  const where = and(
    visibleGroups(owner),
    input.name ? sql`strpos(${cardGroups.nameKey}, ${nameKey(input.name)}) > 0` : undefined,
  );
  const rows = await db
    .select()
    .from(cardGroups)
    .where(where)
    .orderBy(sql`${cardGroups.pinnedAt} desc nulls last`, desc(cardGroups.createdAt), desc(cardGroups.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const [counted] = await db.select({ total: count() }).from(cardGroups).where(where);
  return {
    data: await groupViews(db, owner, rows, ctx.now()),
    total: counted?.total ?? 0,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

export async function countUngrouped(ctx: AppContext, owner: CardOwner): Promise<{ count: number }> {
  const [row] = await ctx.database.db
    .select({ count: count() })
    .from(cards)
    .where(
      and(
        countedCards(owner),
        notExists(
          ctx.database.db
            .select({ one: sql`1` })
            .from(cardGroupMembers)
            .where(eq(cardGroupMembers.cardId, cards.id)),
        ),
      ),
    );
  return { count: row?.count ?? 0 };
}

export async function countGroupCards(
  ctx: AppContext,
  owner: CardOwner,
  ids: readonly string[],
): Promise<{ id: string; count: number }[]> {
  const db = ctx.database.db;
  const visible = await db
    .select({ id: cardGroups.id })
    .from(cardGroups)
    .where(and(inArray(cardGroups.id, [...ids]), visibleGroups(owner)));
  const visibleIds = new Set(visible.map((g) => g.id));
  const counts = visibleIds.size
    ? await db
        .select({ id: cardGroupMembers.groupId, count: count() })
        .from(cardGroupMembers)
        .innerJoin(cards, eq(cards.id, cardGroupMembers.cardId))
        .where(and(inArray(cardGroupMembers.groupId, [...visibleIds]), countedCards(owner)))
        .groupBy(cardGroupMembers.groupId)
    : [];
  const countOf = new Map(counts.map((c) => [c.id, c.count]));
  // Groups the caller cannot see are left out, as if they did not exist.
  return ids.filter((id) => visibleIds.has(id)).map((id) => ({ id, count: countOf.get(id) ?? 0 }));
}
