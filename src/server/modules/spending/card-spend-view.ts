/**
 * `GET /api/card/spendRules`: a card's rules and what its day, month and lifetime hold, spent and
 * have left (the card screen). The caller's own card only (cards/card-access.ts).
 */
import type { CardSpendView } from '@contract/spending';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { CardOwner, CardRow } from '../cards/card-access';
import { findOwnCard } from '../cards/card-access';
import { cardSubject, dayKey, LIFE_KEY, monthKey, periodsAt, SPEND_TIME_ZONE } from './periods';
import { readCounters, readStoredRules, usageOf } from './stored-rules';

export async function readCardSpend(
  ctx: AppContext,
  owner: CardOwner,
  cardId: string,
): Promise<CardSpendView> {
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, cardId);
  return cardSpendViewOf(db, card, ctx.now());
}

export async function cardSpendViewOf(db: Executor, card: CardRow, now: Date): Promise<CardSpendView> {
  const { rules, updatedAt } = await readStoredRules(db, card.id);
  const periods = periodsAt(now);
  const counters = await readCounters(db, cardSubject(card.id), [
    dayKey(periods),
    monthKey(periods),
    LIFE_KEY,
  ]);
  const life = counters.get(LIFE_KEY)!;
  return {
    cardId: card.id,
    currency: card.currency,
    rules,
    usage: {
      daily: usageOf(rules.daily, counters.get(dayKey(periods))!),
      monthly: usageOf(rules.monthly, counters.get(monthKey(periods))!),
      lifetime: usageOf(rules.lifetime, life),
    },
    timeZone: SPEND_TIME_ZONE,
    day: periods.day,
    month: periods.month,
    singleUseSpent: rules.singleUse && life.held + life.spent > 0,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}
