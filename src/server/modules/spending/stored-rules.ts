/**
 * Reading a card's stored rules and a subject's counters. Stored rules are parsed again with the
 * contract's schema, so a row written by an older version reads with today's defaults.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { CardSpendRules } from '@contract/spending';
import { cardSpendRules as rulesSchema, NO_SPEND_RULES } from '@contract/spending';
import type { Executor } from '../../db/client';
import { cardSpendRules, spendCounters } from '../../db/schema';

export function parseStoredRules(value: unknown): CardSpendRules {
  if (value === null || value === undefined) return NO_SPEND_RULES;
  const parsed = rulesSchema.safeParse(value);
  return parsed.success ? parsed.data : NO_SPEND_RULES;
}

export async function readStoredRules(
  db: Executor,
  cardId: string,
): Promise<{ rules: CardSpendRules; updatedAt: Date | null }> {
  const [row] = await db
    .select({ rules: cardSpendRules.rules, updatedAt: cardSpendRules.updatedAt })
    .from(cardSpendRules)
    .where(eq(cardSpendRules.cardId, cardId));
  return row
    ? { rules: parseStoredRules(row.rules), updatedAt: row.updatedAt }
    : { rules: NO_SPEND_RULES, updatedAt: null };
}

export interface Counter {
  held: number;
  spent: number;
}

/** The counters of one subject for the given periods (absent ones as zero). */
export async function readCounters(
  db: Executor,
  subject: string,
  periods: readonly string[],
): Promise<Map<string, Counter>> {
  const rows = await db
    .select({ period: spendCounters.period, held: spendCounters.held, spent: spendCounters.spent })
    .from(spendCounters)
    .where(and(eq(spendCounters.subject, subject), inArray(spendCounters.period, [...periods])));
  const found = new Map(rows.map((row) => [row.period, { held: row.held, spent: row.spent }]));
  return new Map(periods.map((period) => [period, found.get(period) ?? { held: 0, spent: 0 }]));
}

/** A limit's usage: `left` null without a limit, never below 0. */
export function usageOf(limit: number | null, counter: Counter) {
  return {
    limit,
    held: counter.held,
    spent: counter.spent,
    left: limit === null ? null : Math.max(0, limit - counter.held - counter.spent),
  };
}
