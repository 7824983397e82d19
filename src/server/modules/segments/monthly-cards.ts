/**
 * The plan's monthly card allowance in force now (the plan's latest version that has taken effect,
 * else `plans.monthly_card_limit`; pricing/fee-versions.ts): cards opened in the current
 * calendar month of the product's calendar (UTC+8), deleted ones included — deleting a card does not
 * give back the opening.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards } from '../../db/schema';
import { planFeesOfAccount } from '../pricing/fee-versions';

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The instant the current UTC+8 calendar month began. */
export function monthStart(now: Date): Date {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - CHINA_OFFSET_MS);
}

export interface MonthlyAllowance {
  limit: number;
  opened: number;
  left: number;
}

export async function monthlyAllowance(
  db: Executor,
  accountId: string,
  now: Date,
): Promise<MonthlyAllowance> {
  const plan = await planFeesOfAccount(db, accountId, now);
  if (!plan) throw new Error(`No plan for account ${accountId}`);
  const [row] = await db
    .select({ opened: count() })
    .from(cards)
    .where(and(eq(cards.accountId, accountId), gte(cards.createdAt, monthStart(now))));
  const opened = row?.opened ?? 0;
  const limit = plan.monthlyCardLimit;
  return { limit, opened, left: Math.max(0, limit - opened) };
}
