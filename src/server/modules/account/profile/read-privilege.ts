/**
 * The account's rate plan (GET /api/user/userPrivilege), its name in the caller's language, with the
 * fees and monthly card allowance in force now (the plan's versions, pricing/fee-versions.ts).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { privilege } from '@contract/account';
import { currencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import { accounts, plans } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import { planFeesAt } from '../../pricing/fee-versions';

export type Privilege = z.infer<typeof privilege>;

export async function readPrivilege(ctx: AppContext, accountId: string, lang: Lang): Promise<Privilege> {
  const db = ctx.database.db;
  const [plan] = await db
    .select({
      code: plans.code,
      nameZh: plans.nameZh,
      nameEn: plans.nameEn,
      feeCurrency: plans.feeCurrency,
      openCardFee: plans.openCardFee,
      rechargeFeeBp: plans.rechargeFeeBp,
      monthlyCardLimit: plans.monthlyCardLimit,
    })
    .from(accounts)
    .innerJoin(plans, eq(plans.code, accounts.planCode))
    .where(eq(accounts.id, accountId))
    .limit(1);
  // accounts.plan_code is a NOT NULL foreign key: a live session's account always has a plan.
  if (!plan) throw new Error(`No plan for account ${accountId}`);
  const terms = await planFeesAt(db, plan, ctx.now());
  return {
    planCode: plan.code,
    planName: lang === 'en' ? plan.nameEn : plan.nameZh,
    feeCurrency: currencyCode.parse(plan.feeCurrency),
    openCardFee: terms.openCardFee,
    rechargeFeeBp: terms.rechargeFeeBp,
    monthlyCardLimit: terms.monthlyCardLimit,
    changeVia: 'customerService',
  };
}
