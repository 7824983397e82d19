/**
 * Groups as the contract shows them: card count, USD balance and this month's USD spend of the
 * cards the caller counts (group-access.ts countedCards). One aggregate query per page of groups,
 * not one per group.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CardGroupView } from '../../../contract/card-groups';
import type { Executor } from '../../db/client';
import { cardAuthorizations, cardGroupMembers, cards } from '../../db/schema';
import type { CardOwner } from '../cards/card-access';
import { monthStart } from '../segments/monthly-cards';
import type { GroupRow } from './group-access';
import { countedCards, creatorOf } from './group-access';

export async function groupViews(
  db: Executor,
  owner: CardOwner,
  groups: readonly GroupRow[],
  now: Date,
): Promise<CardGroupView[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.id);
  const totals = await db
    .select({
      groupId: cardGroupMembers.groupId,
      count: sql<number>`count(*)::int`,
      balance: sql<string>`coalesce(sum(${cards.balance}) filter (where ${cards.currency} = 'USD'), 0)`,
    })
    .from(cardGroupMembers)
    .innerJoin(cards, eq(cards.id, cardGroupMembers.cardId))
    .where(and(inArray(cardGroupMembers.groupId, ids), countedCards(owner)))
    .groupBy(cardGroupMembers.groupId);
  const spends = await db
    .select({
      groupId: cardGroupMembers.groupId,
      spend: sql<string>`coalesce(sum(${cardAuthorizations.amount} - ${cardAuthorizations.refunded}), 0)`,
    })
    .from(cardAuthorizations)
    .innerJoin(cardGroupMembers, eq(cardGroupMembers.cardId, cardAuthorizations.cardId))
    .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
    .where(
      and(
        inArray(cardGroupMembers.groupId, ids),
        inArray(cardAuthorizations.status, ['completed', 'refunded']),
        eq(cardAuthorizations.currency, 'USD'),
        gte(cardAuthorizations.createdAt, monthStart(now)),
        owner.subAccountId ? eq(cards.subAccountId, owner.subAccountId) : undefined,
      ),
    )
    .groupBy(cardGroupMembers.groupId);
  const totalOf = new Map(totals.map((t) => [t.groupId, t]));
  const spendOf = new Map(spends.map((s) => [s.groupId, Number(s.spend)]));
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    cardCount: totalOf.get(group.id)?.count ?? 0,
    balance: Number(totalOf.get(group.id)?.balance ?? 0),
    monthSpend: spendOf.get(group.id) ?? 0,
    currency: 'USD' as const,
    pinned: group.pinnedAt !== null,
    creator: creatorOf(group),
    createdAt: group.createdAt.toISOString(),
  }));
}

export async function groupView(
  db: Executor,
  owner: CardOwner,
  group: GroupRow,
  now: Date,
): Promise<CardGroupView> {
  const [view] = await groupViews(db, owner, [group], now);
  return view!;
}
