/**
 * The console's price book (issue 31 §2): every segment and rate plan with the fees in force now and
 * every fee version (past ones for history, coming ones scheduled), newest first. A plan's versions
 * carry its monthly card allowance too.
 */
import { asc, desc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { cardSegments, planFeeVersions, plans, segmentFeeVersions } from '../../db/schema';
import { planFeesAt, segmentFeesAt } from './fee-versions';

export interface FeeVersionView {
  effectiveFrom: string;
  /** Whether it has taken effect (a coming one may still be withdrawn). */
  inEffect: boolean;
  openFee: number;
  rechargeFeeBp: number;
  minFirstRecharge: number | null;
  /** A rate plan's monthly card allowance from this version (null for a segment). */
  monthlyCardLimit: number | null;
  createdBy: string;
  createdAt: string;
}

export interface SegmentPrices {
  id: string;
  nameZh: string;
  nameEn: string;
  currency: string;
  status: 'open' | 'maintenance';
  now: { openFee: number; rechargeFeeBp: number; minFirstRecharge: number };
  versions: FeeVersionView[];
}

export interface PlanPrices {
  code: string;
  nameZh: string;
  nameEn: string;
  feeCurrency: string;
  /** The allowance in force now. */
  monthlyCardLimit: number;
  now: { openFee: number; rechargeFeeBp: number; monthlyCardLimit: number };
  versions: FeeVersionView[];
}

export async function readPriceBook(
  ctx: AppContext,
): Promise<{ segments: SegmentPrices[]; plans: PlanPrices[] }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const [segmentRows, planRows, segmentVersions, planVersions] = await Promise.all([
    db.select().from(cardSegments).orderBy(asc(cardSegments.sort), asc(cardSegments.id)),
    db.select().from(plans).orderBy(asc(plans.code)),
    db.select().from(segmentFeeVersions).orderBy(desc(segmentFeeVersions.effectiveFrom)),
    db.select().from(planFeeVersions).orderBy(desc(planFeeVersions.effectiveFrom)),
  ]);
  const segments: SegmentPrices[] = [];
  for (const segment of segmentRows)
    segments.push({
      id: segment.id,
      nameZh: segment.nameZh,
      nameEn: segment.nameEn,
      currency: segment.currency,
      status: segment.status,
      now: await segmentFeesAt(db, segment, now),
      versions: segmentVersions
        .filter((v) => v.segmentId === segment.id)
        .map((v) => ({
          effectiveFrom: v.effectiveFrom.toISOString(),
          inEffect: v.effectiveFrom <= now,
          openFee: v.openFee,
          rechargeFeeBp: v.rechargeFeeBp,
          minFirstRecharge: v.minFirstRecharge,
          monthlyCardLimit: null,
          createdBy: v.createdBy,
          createdAt: v.createdAt.toISOString(),
        })),
    });
  const planViews: PlanPrices[] = [];
  for (const plan of planRows) {
    const fees = await planFeesAt(db, plan, now);
    planViews.push({
      code: plan.code,
      nameZh: plan.nameZh,
      nameEn: plan.nameEn,
      feeCurrency: plan.feeCurrency,
      monthlyCardLimit: fees.monthlyCardLimit,
      now: {
        openFee: fees.openCardFee,
        rechargeFeeBp: fees.rechargeFeeBp,
        monthlyCardLimit: fees.monthlyCardLimit,
      },
      versions: planVersions
        .filter((v) => v.planCode === plan.code)
        .map((v) => ({
          effectiveFrom: v.effectiveFrom.toISOString(),
          inEffect: v.effectiveFrom <= now,
          openFee: v.openCardFee,
          rechargeFeeBp: v.rechargeFeeBp,
          minFirstRecharge: null,
          monthlyCardLimit: v.monthlyCardLimit,
          createdBy: v.createdBy,
          createdAt: v.createdAt.toISOString(),
        })),
    });
  }
  return { segments, plans: planViews };
}
