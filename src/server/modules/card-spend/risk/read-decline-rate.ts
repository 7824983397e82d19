/**
 * cards.declineRate: the meter of the decline-rate rule (spec §9). Counted in SQL over the same
 * authorizations the rule counts (risk-window.ts), with the few cards that decline most. A member
 * (sub-account user) gets the figures of its own cards only, like every card read it makes; the
 * main account gets the account's, which is the number the rule acts on.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { RISK_DECLINE_RATE_BP, RISK_MIN_AUTHORIZATIONS, RISK_WINDOW_HOURS } from '@contract/card-rules';
import type { DeclineRate } from '@contract/cards';
import type { AppContext } from '../../../context';
import { cardAuthorizations, cards } from '../../../db/schema';
import type { CardOwner } from '../../cards/card-access';
import { riskWindow } from './risk-window';

/** How many cards the meter names. */
export const DECLINE_RATE_TOP_CARDS = 5;

export async function readDeclineRate(ctx: AppContext, owner: CardOwner): Promise<DeclineRate> {
  const db = ctx.database.db;
  const { since } = await riskWindow(db, owner.accountId, ctx.now());
  const a = cardAuthorizations;
  const where = and(
    eq(a.accountId, owner.accountId),
    owner.subAccountId ? eq(a.subAccountId, owner.subAccountId) : undefined,
    gt(a.createdAt, since),
  );
  const declined = sql<number>`count(*) filter (where ${a.status} = 'declined')`.mapWith(Number);

  const [totals] = await db.select({ total: count(), declines: declined }).from(a).where(where);
  const authorizations = totals?.total ?? 0;
  const declines = totals?.declines ?? 0;

  const top = await db
    .select({
      cardId: a.cardId,
      serial: cards.serial,
      last4: cards.last4,
      authorizations: count(),
      declines: declined,
    })
    .from(a)
    .innerJoin(cards, eq(cards.id, a.cardId))
    .where(where)
    .groupBy(a.cardId, cards.serial, cards.last4)
    .having(sql`count(*) filter (where ${a.status} = 'declined') > 0`)
    .orderBy(desc(declined), desc(count()), desc(cards.serial))
    .limit(DECLINE_RATE_TOP_CARDS);

  return {
    scope: owner.subAccountId ? 'own' : 'account',
    windowHours: RISK_WINDOW_HOURS,
    since: since.toISOString(),
    authorizations,
    declines,
    rateBp: authorizations > 0 ? Math.floor((declines * 10_000) / authorizations) : 0,
    limitBp: RISK_DECLINE_RATE_BP,
    minAuthorizations: RISK_MIN_AUTHORIZATIONS,
    cards: top,
  };
}
