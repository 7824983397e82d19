/**
 * Where the decline-rate rule starts counting (spec §9, card-rules.ts): the last RISK_WINDOW_HOURS,
 * or — when the account's latest risk freeze is more recent — that freeze, so a customer who
 * activated the cards again starts from a clean count. Shared by the rule and the meter, so the
 * meter shows the very number the rule acts on.
 */
import { and, desc, eq } from 'drizzle-orm';
import { RISK_WINDOW_HOURS } from '@contract/card-rules';
import type { Executor } from '../../../db/client';
import { riskEvents } from '../../../db/schema';

export const RISK_KIND = 'decline_rate';

export interface RiskWindow {
  windowStart: Date;
  since: Date;
  /** The account's latest risk freeze, if any. */
  latest: { createdAt: Date; acknowledgedAt: Date | null } | undefined;
}

export async function riskWindow(db: Executor, accountId: string, now: Date): Promise<RiskWindow> {
  const windowStart = new Date(now.getTime() - RISK_WINDOW_HOURS * 3600_000);
  const [latest] = await db
    .select({ createdAt: riskEvents.createdAt, acknowledgedAt: riskEvents.acknowledgedAt })
    .from(riskEvents)
    .where(and(eq(riskEvents.accountId, accountId), eq(riskEvents.kind, RISK_KIND)))
    .orderBy(desc(riskEvents.createdAt))
    .limit(1);
  const since = latest && latest.createdAt > windowStart ? latest.createdAt : windowStart;
  return { windowStart, since, latest };
}
