/**
 * The home screen's word on the decline-rate rule: `riskNotice` answers the latest freeze the
 * customer has not acknowledged yet (or null); `riskNotice/ack` acknowledges it. Only the account
 * the event belongs to sees or acknowledges it; any other id is the same 404 as an unknown one.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { riskNotice } from '@contract/cards';
import type { AppContext } from '../../../context';
import { riskEvents } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { RiskDetail } from './risk-rule';
import { RISK_KIND } from './risk-rule';

export type RiskNotice = z.infer<typeof riskNotice.response>;

function num(detail: Record<string, unknown>, key: keyof RiskDetail): number {
  const value = detail[key];
  return typeof value === 'number' ? value : 0;
}

export async function readRiskNotice(ctx: AppContext, accountId: string): Promise<RiskNotice> {
  const [row] = await ctx.database.db
    .select()
    .from(riskEvents)
    .where(
      and(
        eq(riskEvents.accountId, accountId),
        eq(riskEvents.kind, RISK_KIND),
        isNull(riskEvents.acknowledgedAt),
      ),
    )
    .orderBy(desc(riskEvents.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    declineRateBp: num(row.detail, 'declineRateBp'),
    authorizations: num(row.detail, 'authorizations'),
    declines: num(row.detail, 'declines'),
    cardsFrozen: num(row.detail, 'cardsFrozen'),
    windowHours: num(row.detail, 'windowHours'),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Idempotent: acknowledging twice keeps the first time. */
export async function acknowledgeRiskNotice(ctx: AppContext, accountId: string, id: string): Promise<null> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ acknowledgedAt: riskEvents.acknowledgedAt })
    .from(riskEvents)
    .where(and(eq(riskEvents.id, id), eq(riskEvents.accountId, accountId)));
  if (!row) throw new AppError(404, 'server:cardSpend.riskNoticeNotFound');
  if (!row.acknowledgedAt)
    await db
      .update(riskEvents)
      .set({ acknowledgedAt: ctx.now() })
      .where(and(eq(riskEvents.id, id), isNull(riskEvents.acknowledgedAt)));
  return null;
}
