/**
 * `cardGroup/spend` (designed, issue 15 §2): what a group's cards did over the last 7 or 30 calendar
 * days (UTC+8), so a customer sees which group is in trouble before the 5 % decline rule freezes
 * everything (spec §9): USD spend per day (settled minus refunded), approvals and declines with
 * their rates, the top decline reasons and merchants, and the 3-D Secure challenges sent.
 * Only the cards the caller counts (its own, for a sub-account user) are read.
 */
import type { SQL } from 'drizzle-orm';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { GroupSpendView } from '../../../contract/card-groups';
import { declineReason } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { cardAuthorizations, cardGroupMembers, cardOtps, cards } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { ACCOUNT_TIME_ZONE, overviewWindow } from '../account/account-calendar';
import type { CardOwner } from '../cards/card-access';
import { declineText } from '../records/trade-query';
import { countedCardsAnyState, findGroup } from './group-access';

const TOP = 5;

export async function readGroupSpend(
  ctx: AppContext,
  owner: CardOwner,
  input: { id: string; days: '7' | '30' },
  lang: Lang,
): Promise<GroupSpendView> {
  const db = ctx.database.db;
  const group = await findGroup(db, owner, input.id);
  const days = Number(input.days);
  const window = overviewWindow(ctx.now(), days);
  const a = cardAuthorizations;
  // Deleted cards still count here: what they spent in the window happened.
  const groupCards = db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(cardGroupMembers, eq(cardGroupMembers.cardId, cards.id))
    .where(and(eq(cardGroupMembers.groupId, group.id), countedCardsAnyState(owner)));
  const inWindow: SQL = and(inArray(a.cardId, groupCards), gte(a.createdAt, window.from))!;

  // The zone is a constant written into the text: with a parameter in both the select list and the
  // GROUP BY, PostgreSQL would see two different expressions.
  const day = sql<string>`to_char(${a.createdAt} at time zone ${sql.raw(`'${ACCOUNT_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const settled = await db
    .select({ day, amount: sql<string>`sum(${a.amount} - ${a.refunded})` })
    .from(a)
    .where(and(inWindow, inArray(a.status, ['completed', 'refunded']), eq(a.currency, 'USD')))
    .groupBy(day);
  const perDay = new Map(settled.map((row) => [row.day, Number(row.amount)]));
  const daily = window.days.map((date) => ({ date, amount: perDay.get(date) ?? 0 }));

  const [outcome] = await db
    .select({
      declined: sql<number>`count(*) filter (where ${a.status} = 'declined')::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(a)
    .where(inWindow);
  const all = outcome?.all ?? 0;
  const declined = outcome?.declined ?? 0;
  const approved = all - declined;

  const reasons = await db
    .select({ reason: a.declineReason, n: count() })
    .from(a)
    .where(and(inWindow, eq(a.status, 'declined')))
    .groupBy(a.declineReason)
    .orderBy(desc(count()), a.declineReason)
    .limit(TOP);
  const merchants = await db
    .select({ name: a.merchantName, amount: sql<string>`sum(${a.amount} - ${a.refunded})`, n: count() })
    .from(a)
    .where(and(inWindow, inArray(a.status, ['completed', 'refunded', 'pending']), eq(a.currency, 'USD')))
    .groupBy(a.merchantName)
    .orderBy(desc(sql`sum(${a.amount} - ${a.refunded})`), a.merchantName)
    .limit(TOP);
  const [challenges] = await db
    .select({ n: count() })
    .from(cardOtps)
    .where(and(inArray(cardOtps.cardId, groupCards), gte(cardOtps.createdAt, window.from)));

  return {
    groupId: group.id,
    days,
    currency: 'USD',
    daily,
    total: daily.reduce((sum, d) => sum + d.amount, 0),
    approved,
    declined,
    approvalRateBp: all ? Math.round((approved * 10_000) / all) : 0,
    declineRateBp: all ? Math.round((declined * 10_000) / all) : 0,
    topDeclineReasons: reasons.flatMap((r) => {
      const parsed = declineReason.safeParse(r.reason);
      return parsed.success
        ? [{ reason: parsed.data, text: declineText(parsed.data, lang) ?? '', count: r.n }]
        : [];
    }),
    topMerchants: merchants.map((m) => ({ name: m.name, amount: Number(m.amount), count: m.n })),
    challenges: challenges?.n ?? 0,
  };
}
