/**
 * Groups as the contract shows them: card count, USD balance and this month's USD spend of the
 * cards the caller counts (group-access.ts countedCards), and who created it when (spec §3). One
 * aggregate query per page of groups, not one per group.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CardGroupView } from '../../../contract/card-groups';
import type { Executor } from '../../db/client';
import { cardAuthorizations, cardGroupMembers, cards, subAccounts } from '../../db/schema';
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
  // Driven from the page's memberships (card_group_members_group_idx), each card then looked up by
  // its key: a lateral join that cannot be flattened fixes that order whatever the planner's
  // statistics say. Joined the
  // plain way, a planner that thought the account had few cards read all of them (10,000 cards:
  // 60 ms on PGlite for a page of 20 groups, docs/benchmarks.md).
  const member = db
    .select({ balance: cards.balance, currency: cards.currency })
    .from(cards)
    .where(and(eq(cards.id, cardGroupMembers.cardId), countedCards(owner)))
    // One card per key anyway; the limit keeps the planner from flattening the lateral join back
    // into a plain one.
    .limit(1)
    .as('member');
  const totals = await db
    .select({
      groupId: cardGroupMembers.groupId,
      count: sql<number>`count(*)::int`,
      balance: sql<string>`coalesce(sum(${member.balance}) filter (where ${member.currency} = 'USD'), 0)`,
    })
    .from(cardGroupMembers)
    .innerJoinLateral(member, sql`true`)
    .where(inArray(cardGroupMembers.groupId, ids))
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
  const creatorIds = [
    ...new Set(groups.flatMap((g) => (g.creatorSubAccountId ? [g.creatorSubAccountId] : []))),
  ];
  const members =
    creatorIds.length === 0
      ? []
      : await db
          .select({ id: subAccounts.id, nickname: subAccounts.nickname, subUid: subAccounts.subUid })
          .from(subAccounts)
          .where(inArray(subAccounts.id, creatorIds));
  const memberOf = new Map(members.map((m) => [m.id, { nickname: m.nickname, subUid: m.subUid }]));
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
    creatorMember: group.creatorSubAccountId ? (memberOf.get(group.creatorSubAccountId) ?? null) : null,
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
