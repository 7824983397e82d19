/**
 * Which fees are in force at a moment (issue 31 §2; decisions.md "Fee versions"). A segment's and a
 * plan's fees are those of the latest fee version whose `effective_from` is at or before the moment,
 * else the columns of the segment or plan row (the fees before any change). A plan's version also
 * holds its monthly card allowance, so the allowance changes from a stated time like the fees.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, planFeeVersions, plans, segmentFeeVersions } from '../../db/schema';

export interface SegmentFees {
  openFee: number;
  rechargeFeeBp: number;
  minFirstRecharge: number;
}

export interface PlanFees {
  code: string;
  feeCurrency: string;
  openCardFee: number;
  rechargeFeeBp: number;
  monthlyCardLimit: number;
}

export async function segmentFeesAt(
  db: Executor,
  segment: { id: string } & SegmentFees,
  at: Date,
): Promise<SegmentFees> {
  const [version] = await db
    .select({
      openFee: segmentFeeVersions.openFee,
      rechargeFeeBp: segmentFeeVersions.rechargeFeeBp,
      minFirstRecharge: segmentFeeVersions.minFirstRecharge,
    })
    .from(segmentFeeVersions)
    .where(and(eq(segmentFeeVersions.segmentId, segment.id), lte(segmentFeeVersions.effectiveFrom, at)))
    .orderBy(desc(segmentFeeVersions.effectiveFrom))
    .limit(1);
  return (
    version ?? {
      openFee: segment.openFee,
      rechargeFeeBp: segment.rechargeFeeBp,
      minFirstRecharge: segment.minFirstRecharge,
    }
  );
}

export async function planFeesAt(
  db: Executor,
  /** The plan row: its columns are the terms before any version. */
  plan: PlanFees,
  at: Date,
): Promise<PlanFees> {
  const [version] = await db
    .select({
      openCardFee: planFeeVersions.openCardFee,
      rechargeFeeBp: planFeeVersions.rechargeFeeBp,
      monthlyCardLimit: planFeeVersions.monthlyCardLimit,
    })
    .from(planFeeVersions)
    .where(and(eq(planFeeVersions.planCode, plan.code), lte(planFeeVersions.effectiveFrom, at)))
    .orderBy(desc(planFeeVersions.effectiveFrom))
    .limit(1);
  return {
    code: plan.code,
    feeCurrency: plan.feeCurrency,
    openCardFee: version?.openCardFee ?? plan.openCardFee,
    rechargeFeeBp: version?.rechargeFeeBp ?? plan.rechargeFeeBp,
    monthlyCardLimit: version?.monthlyCardLimit ?? plan.monthlyCardLimit,
  };
}

/** The terms of the account's rate plan at a moment; undefined for an unknown account. */
export async function planFeesOfAccount(
  db: Executor,
  accountId: string,
  at: Date,
): Promise<PlanFees | undefined> {
  const [plan] = await db
    .select({
      code: plans.code,
      feeCurrency: plans.feeCurrency,
      openCardFee: plans.openCardFee,
      rechargeFeeBp: plans.rechargeFeeBp,
      monthlyCardLimit: plans.monthlyCardLimit,
    })
    .from(accounts)
    .innerJoin(plans, eq(plans.code, accounts.planCode))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return plan ? planFeesAt(db, plan, at) : undefined;
}
