/**
 * Rate plan versions (issue 31 §2): a plan change — fees and the monthly card allowance together —
 * takes effect from its stated time like a segment's fees, never alters a price already quoted, and
 * is audited with before and after. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userPrivilege } from '@contract/account';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { fileTestApp } from '../../testing/file-app';
import {
  funded,
  openCard,
  quote,
  spyOnIssuer,
  SUBSCRIPTIONS,
  totalFor,
  usePlan,
  walletBalance,
} from '../../testing/card-kit';
import { failingAuditActor, recordingActor } from '../../testing/operator-actor';
import { openSession } from '../../testing/signed-in';
import { monthlyAllowance } from '../segments/monthly-cards';
import { changePlanFees, withdrawFeeChange } from './change-fees';
import { readPriceBook } from './price-book';

const t = fileTestApp();
const HOUR = 3_600_000;

/** A funded customer alone on a plan cheaper than every segment, so the plan's fees apply. */
async function onOwnPlan(monthlyCardLimit = 5) {
  const me = await funded(t, { usd: 1_000_000 });
  await usePlan(t, me.accountId, { monthlyCardLimit, openCardFee: 90, rechargeFeeBp: 80 });
  const book = await readPriceBook(t.ctx);
  const [row] = await t.ctx.database.db
    .select({ planCode: accounts.planCode })
    .from(accounts)
    .where(eq(accounts.id, me.accountId));
  const plan = book.plans.find((p) => p.code === row!.planCode)!;
  return { me, plan };
}

async function planNow(code: string) {
  return (await readPriceBook(t.ctx)).plans.find((p) => p.code === code)!;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('rate plan versions', () => {
  it('a plan change (fees and card allowance) takes effect at its stated time, not before', async () => {
    const { me, plan } = await onOwnPlan(5);
    const actor = recordingActor();
    const at = new Date(t.ctx.now().getTime() + HOUR);
    await changePlanFees(t.ctx, actor, {
      planCode: plan.code,
      effectiveFrom: at,
      openCardFee: 40,
      rechargeFeeBp: 60,
      monthlyCardLimit: 2,
      reason: 'smaller plan',
    });
    // Scheduled: listed, not in force; the customer still has the old terms.
    const scheduled = await planNow(plan.code);
    expect(scheduled.now).toEqual({ openFee: 90, rechargeFeeBp: 80, monthlyCardLimit: 5 });
    expect(scheduled.versions).toEqual([
      expect.objectContaining({
        effectiveFrom: at.toISOString(),
        inEffect: false,
        openFee: 40,
        rechargeFeeBp: 60,
        monthlyCardLimit: 2,
      }),
    ]);
    expect((await monthlyAllowance(t.ctx.database.db, me.accountId, t.ctx.now())).limit).toBe(5);
    const early = await t.api(userPrivilege, {}, { token: me.token, lang: 'en' });
    expect(early.body.data).toMatchObject({ openCardFee: 90, rechargeFeeBp: 80, monthlyCardLimit: 5 });
    expect((await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 })).openFee).toBe(90);

    t.advance(HOUR);
    const fresh = await openSession(t, me.accountId);
    expect((await planNow(plan.code)).now).toEqual({ openFee: 40, rechargeFeeBp: 60, monthlyCardLimit: 2 });
    expect((await monthlyAllowance(t.ctx.database.db, me.accountId, t.ctx.now())).limit).toBe(2);
    const later = await t.api(userPrivilege, {}, { token: fresh.token, lang: 'en' });
    expect(later.body.data).toMatchObject({ openCardFee: 40, rechargeFeeBp: 60, monthlyCardLimit: 2 });
    expect((await quote(t, fresh.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 })).openFee).toBe(40);
    expect(actor.records).toEqual([
      expect.objectContaining({
        action: 'fees.plan.change',
        targetKind: 'plan',
        targetId: plan.code,
        before: { openCardFee: 90, rechargeFeeBp: 80, monthlyCardLimit: 5 },
        after: { openCardFee: 40, rechargeFeeBp: 60, monthlyCardLimit: 2, effectiveFrom: at.toISOString() },
        reason: 'smaller plan',
      }),
    ]);
  });

  it('the lowered allowance refuses an opening past it from its time on', async () => {
    const { me, plan } = await onOwnPlan(5);
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    expect((await openCard(t, me.token, { expectTotal: totalFor(cost, 'USD') })).body.code).toBe(200);
    await changePlanFees(t.ctx, recordingActor(), {
      planCode: plan.code,
      openCardFee: 90,
      rechargeFeeBp: 80,
      monthlyCardLimit: 1,
      reason: 'one card a month',
    });
    const refused = await openCard(t, me.token, { expectTotal: totalFor(cost, 'USD') });
    expect(refused.body.code).not.toBe(200);
    expect(await monthlyAllowance(t.ctx.database.db, me.accountId, t.ctx.now())).toEqual({
      limit: 1,
      opened: 1,
      left: 0,
    });
  });

  it('an absent allowance keeps the one in force at the stated time, a scheduled one included', async () => {
    const { plan } = await onOwnPlan(5);
    const actor = recordingActor();
    const first = new Date(t.ctx.now().getTime() + HOUR);
    const second = new Date(t.ctx.now().getTime() + 2 * HOUR);
    await changePlanFees(t.ctx, actor, {
      planCode: plan.code,
      effectiveFrom: first,
      openCardFee: 90,
      rechargeFeeBp: 80,
      monthlyCardLimit: 9,
      reason: 'more cards',
    });
    await changePlanFees(t.ctx, actor, {
      planCode: plan.code,
      effectiveFrom: second,
      openCardFee: 70,
      rechargeFeeBp: 80,
      reason: 'cheaper',
    });
    expect(actor.records[1]).toMatchObject({
      before: { openCardFee: 90, rechargeFeeBp: 80, monthlyCardLimit: 9 },
      after: { openCardFee: 70, rechargeFeeBp: 80, monthlyCardLimit: 9 },
    });
    t.advance(2 * HOUR);
    expect((await planNow(plan.code)).now).toEqual({ openFee: 70, rechargeFeeBp: 80, monthlyCardLimit: 9 });
  });

  it('never alters a price already quoted: an opening in flight when a plan change takes effect keeps its price', async () => {
    const { me, plan } = await onOwnPlan(5);
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    expect(cost.openFee).toBe(90);
    const wallet = await walletBalance(t, me.accountId, 'USD');
    const spy = spyOnIssuer(t, async () => {
      t.advance(1_000);
      await changePlanFees(t.ctx, recordingActor(), {
        planCode: plan.code,
        openCardFee: 10,
        rechargeFeeBp: 10,
        reason: 'takes effect now',
      });
    });
    try {
      const answer = await openCard(t, me.token, { expectTotal: totalFor(cost, 'USD') });
      expect(answer.body.code).toBe(200);
    } finally {
      spy.restore();
    }
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(wallet - totalFor(cost, 'USD'));
    expect((await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 })).openFee).toBe(10);
  });

  it('refuses a bad allowance, a past time and an unknown plan, changing nothing', async () => {
    const { plan } = await onOwnPlan(5);
    const actor = recordingActor();
    const base = { planCode: plan.code, openCardFee: 90, rechargeFeeBp: 80, reason: 'x' };
    for (const monthlyCardLimit of [-1, 1.5, 10_001]) {
      const bad = await refusal(changePlanFees(t.ctx, actor, { ...base, monthlyCardLimit }));
      expect(bad.messageKey).toBe('server:operatorContent.fees.invalidCardLimit');
    }
    const past = await refusal(
      changePlanFees(t.ctx, actor, {
        ...base,
        monthlyCardLimit: 1,
        effectiveFrom: new Date(t.ctx.now().getTime() - HOUR),
      }),
    );
    expect(past.messageKey).toBe('server:operatorContent.fees.effectivePast');
    const unknown = await refusal(changePlanFees(t.ctx, actor, { ...base, planCode: 'no-such-plan' }));
    expect(unknown.messageKey).toBe('server:operatorContent.fees.planNotFound');
    expect(actor.records).toHaveLength(0);
    expect((await planNow(plan.code)).versions).toEqual([]);
  });

  it('withdrawing a scheduled plan change keeps the allowance; a failed audit write changes nothing', async () => {
    const { me, plan } = await onOwnPlan(5);
    const actor = recordingActor();
    const at = new Date(t.ctx.now().getTime() + HOUR);
    await changePlanFees(t.ctx, actor, {
      planCode: plan.code,
      effectiveFrom: at,
      openCardFee: 90,
      rechargeFeeBp: 80,
      monthlyCardLimit: 0,
      reason: 'pause',
    });
    await withdrawFeeChange(t.ctx, actor, { kind: 'plan', id: plan.code, effectiveFrom: at, reason: 'no' });
    expect(actor.records[1]).toMatchObject({
      action: 'fees.plan.withdraw',
      before: expect.objectContaining({ monthlyCardLimit: 0 }),
      after: null,
    });
    await expect(
      changePlanFees(t.ctx, failingAuditActor(), {
        planCode: plan.code,
        openCardFee: 1,
        rechargeFeeBp: 1,
        monthlyCardLimit: 0,
        reason: 'x',
      }),
    ).rejects.toThrow('audit log unavailable');
    t.advance(HOUR);
    expect((await monthlyAllowance(t.ctx.database.db, me.accountId, t.ctx.now())).limit).toBe(5);
    expect((await planNow(plan.code)).versions).toEqual([]);
  });
});
