/**
 * Change a segment's or a rate plan's fees from a stated time (issue 31 §2; decisions.md "Fee
 * versions"). A change is a new fee version; nothing already stored changes. A rate plan's version
 * carries the plan's monthly card allowance as well, so a plan change is one version, whole. The time is now or
 * later (a time up to a minute past counts as now): a change never reaches back, so a price already
 * worked out for a moment before it stays what it was. An order in flight is priced for the moment it
 * started (cards/open/open-cards.ts), so a change taking effect meanwhile leaves it alone.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUniqueViolation, inTransaction } from '../../db/client';
import type { Tx } from '../../db/client';
import { cardSegments, planFeeVersions, plans, segmentFeeVersions } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { ActingOperator } from '../../lib/operator-actor';
import { audit } from '../../lib/operator-actor';
import { planFeesAt, segmentFeesAt } from './fee-versions';

const SKEW_MS = 60_000;
export const BP_MAX = 10_000;
export const CARD_LIMIT_MAX = 10_000;

export interface SegmentFeeChange {
  segmentId: string;
  effectiveFrom?: Date | undefined;
  openFee: number;
  rechargeFeeBp: number;
  minFirstRecharge: number;
  reason: string;
}

export interface PlanFeeChange {
  planCode: string;
  effectiveFrom?: Date | undefined;
  openCardFee: number;
  rechargeFeeBp: number;
  /** The monthly card allowance from that time; absent keeps the one in force then. */
  monthlyCardLimit?: number | undefined;
  reason: string;
}

export interface FeeChangeResult {
  effectiveFrom: string;
}

function effectiveTime(ctx: AppContext, at: Date | undefined): Date {
  const now = ctx.now();
  if (!at) return now;
  if (at.getTime() < now.getTime() - SKEW_MS) throw fail.rule('server:operatorContent.fees.effectivePast');
  return at < now ? now : at;
}

function checkAmounts(amounts: readonly number[], bp: number): void {
  if (
    amounts.some((n) => !Number.isSafeInteger(n) || n < 0) ||
    !Number.isInteger(bp) ||
    bp < 0 ||
    bp > BP_MAX
  )
    throw fail.rule('server:operatorContent.fees.invalidFee');
}

function checkCardLimit(limit: number | undefined): void {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0 || limit > CARD_LIMIT_MAX))
    throw fail.rule('server:operatorContent.fees.invalidCardLimit');
}

async function insertOnce(tx: Tx, work: () => Promise<unknown>): Promise<void> {
  // A savepoint, so a clash at the same time answers a clear refusal instead of aborting the transaction.
  try {
    await tx.transaction(async () => {
      await work();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.rule('server:operatorContent.fees.sameTime');
    throw error;
  }
}

export async function changeSegmentFees(
  ctx: AppContext,
  actor: ActingOperator,
  change: SegmentFeeChange,
): Promise<FeeChangeResult> {
  checkAmounts([change.openFee, change.minFirstRecharge], change.rechargeFeeBp);
  const effectiveFrom = effectiveTime(ctx, change.effectiveFrom);
  return inTransaction(ctx.database.db, async (tx) => {
    const [segment] = await tx
      .select()
      .from(cardSegments)
      .where(eq(cardSegments.id, change.segmentId))
      .limit(1);
    if (!segment) throw fail.rule('server:operatorContent.fees.segmentNotFound');
    const before = await segmentFeesAt(tx, segment, effectiveFrom);
    const after = {
      openFee: change.openFee,
      rechargeFeeBp: change.rechargeFeeBp,
      minFirstRecharge: change.minFirstRecharge,
    };
    await insertOnce(tx, () =>
      tx.insert(segmentFeeVersions).values({
        segmentId: segment.id,
        effectiveFrom,
        ...after,
        createdBy: actor.operatorId,
        createdAt: ctx.now(),
      }),
    );
    await audit(tx, actor, {
      action: 'fees.segment.change',
      targetKind: 'segment',
      targetId: segment.id,
      before,
      after: { ...after, effectiveFrom: effectiveFrom.toISOString() },
      reason: change.reason,
    });
    return { effectiveFrom: effectiveFrom.toISOString() };
  });
}

export async function changePlanFees(
  ctx: AppContext,
  actor: ActingOperator,
  change: PlanFeeChange,
): Promise<FeeChangeResult> {
  checkAmounts([change.openCardFee], change.rechargeFeeBp);
  checkCardLimit(change.monthlyCardLimit);
  const effectiveFrom = effectiveTime(ctx, change.effectiveFrom);
  return inTransaction(ctx.database.db, async (tx) => {
    const [plan] = await tx.select().from(plans).where(eq(plans.code, change.planCode)).limit(1);
    if (!plan) throw fail.rule('server:operatorContent.fees.planNotFound');
    const { openCardFee, rechargeFeeBp, monthlyCardLimit } = await planFeesAt(tx, plan, effectiveFrom);
    const after = {
      openCardFee: change.openCardFee,
      rechargeFeeBp: change.rechargeFeeBp,
      monthlyCardLimit: change.monthlyCardLimit ?? monthlyCardLimit,
    };
    await insertOnce(tx, () =>
      tx.insert(planFeeVersions).values({
        planCode: plan.code,
        effectiveFrom,
        ...after,
        createdBy: actor.operatorId,
        createdAt: ctx.now(),
      }),
    );
    await audit(tx, actor, {
      action: 'fees.plan.change',
      targetKind: 'plan',
      targetId: plan.code,
      before: { openCardFee, rechargeFeeBp, monthlyCardLimit },
      after: { ...after, effectiveFrom: effectiveFrom.toISOString() },
      reason: change.reason,
    });
    return { effectiveFrom: effectiveFrom.toISOString() };
  });
}

/**
 * Withdraw a fee change that has not taken effect yet (a mistake, or plans changed). One that has
 * taken effect stays: prices were worked out with it; a new change replaces it.
 */
export async function withdrawFeeChange(
  ctx: AppContext,
  actor: ActingOperator,
  input: { kind: 'segment' | 'plan'; id: string; effectiveFrom: Date; reason: string },
): Promise<{ withdrawn: true }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    if (input.effectiveFrom <= now) throw fail.rule('server:operatorContent.fees.versionNotFound');
    const deleted =
      input.kind === 'segment'
        ? await tx
            .delete(segmentFeeVersions)
            .where(
              and(
                eq(segmentFeeVersions.segmentId, input.id),
                eq(segmentFeeVersions.effectiveFrom, input.effectiveFrom),
              ),
            )
            .returning()
        : await tx
            .delete(planFeeVersions)
            .where(
              and(
                eq(planFeeVersions.planCode, input.id),
                eq(planFeeVersions.effectiveFrom, input.effectiveFrom),
              ),
            )
            .returning();
    const [version] = deleted;
    if (!version) throw fail.rule('server:operatorContent.fees.versionNotFound');
    await audit(tx, actor, {
      action: `fees.${input.kind}.withdraw`,
      targetKind: input.kind,
      targetId: input.id,
      before: { ...version, effectiveFrom: input.effectiveFrom.toISOString() },
      after: null,
      reason: input.reason,
    });
    return { withdrawn: true };
  });
}
