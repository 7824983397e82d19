import { describe, expect, it } from 'vitest';
import type { CostBreakdown } from '@contract/cards';
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
import { changePlanFees, changeSegmentFees, withdrawFeeChange } from './change-fees';
import { readPriceBook } from './price-book';

const t = fileTestApp();
const HOUR = 3_600_000;

/** A funded customer on a plan dearer than every segment, so the segment's own fees apply. */
async function customer() {
  const me = await funded(t, { usd: 1_000_000 });
  await usePlan(t, me.accountId, { monthlyCardLimit: 100, openCardFee: 1_000_000, rechargeFeeBp: 9_000 });
  return me;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function currentFees() {
  const book = await readPriceBook(t.ctx);
  return book.segments.find((s) => s.id === SUBSCRIPTIONS)!.now;
}

describe('fee versions', () => {
  it('a change takes effect at its stated time, not before', async () => {
    const me = await customer();
    const before = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    const fees = await currentFees();
    const actor = recordingActor();
    const at = new Date(t.ctx.now().getTime() + HOUR);
    await changeSegmentFees(t.ctx, actor, {
      segmentId: SUBSCRIPTIONS,
      effectiveFrom: at,
      openFee: fees.openFee + 500,
      rechargeFeeBp: fees.rechargeFeeBp,
      minFirstRecharge: fees.minFirstRecharge,
      reason: 'new issuer tariff',
    });
    expect(await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 })).toEqual(before);
    t.advance(HOUR);
    const fresh = await openSession(t, me.accountId);
    const after = await quote(t, fresh.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    expect(after.openFee).toBe(before.openFee + 500);
    expect(actor.records).toEqual([
      expect.objectContaining({
        action: 'fees.segment.change',
        targetId: SUBSCRIPTIONS,
        before: fees,
        after: { ...fees, openFee: fees.openFee + 500, effectiveFrom: at.toISOString() },
        reason: 'new issuer tariff',
      }),
    ]);
  });

  it('never alters a price already quoted: an opening in flight when a change takes effect keeps its price', async () => {
    const me = await customer();
    const cost: CostBreakdown = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    const fees = await currentFees();
    const wallet = await walletBalance(t, me.accountId, 'USD');
    // While the issuer makes the card, a dearer fee takes effect.
    const spy = spyOnIssuer(t, async () => {
      t.advance(1_000);
      await changeSegmentFees(t.ctx, recordingActor(), {
        segmentId: SUBSCRIPTIONS,
        openFee: fees.openFee + 700,
        rechargeFeeBp: fees.rechargeFeeBp + 100,
        minFirstRecharge: fees.minFirstRecharge,
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
    // The next quote has the new fees.
    const next = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    expect(next.openFee).toBe(cost.openFee + 700);
  });

  it('refuses a time in the past, two changes at one time and bad amounts, changing nothing', async () => {
    const fees = await currentFees();
    const actor = recordingActor();
    const base = { segmentId: SUBSCRIPTIONS, ...fees, reason: 'x' };
    const past = await refusal(
      changeSegmentFees(t.ctx, actor, { ...base, effectiveFrom: new Date(t.ctx.now().getTime() - HOUR) }),
    );
    expect(past.messageKey).toBe('server:operatorContent.fees.effectivePast');
    const at = new Date(t.ctx.now().getTime() + 2 * HOUR);
    await changeSegmentFees(t.ctx, actor, { ...base, effectiveFrom: at });
    const twice = await refusal(changeSegmentFees(t.ctx, actor, { ...base, effectiveFrom: at }));
    expect(twice.messageKey).toBe('server:operatorContent.fees.sameTime');
    const bad = await refusal(changeSegmentFees(t.ctx, actor, { ...base, rechargeFeeBp: 10_001 }));
    expect(bad.messageKey).toBe('server:operatorContent.fees.invalidFee');
    const negative = await refusal(changeSegmentFees(t.ctx, actor, { ...base, openFee: -1 }));
    expect(negative.messageKey).toBe('server:operatorContent.fees.invalidFee');
    expect(actor.records).toHaveLength(1);
  });

  it('withdraws a change that has not taken effect; one in effect stays', async () => {
    const fees = await currentFees();
    const actor = recordingActor();
    const at = new Date(t.ctx.now().getTime() + 3 * HOUR);
    await changeSegmentFees(t.ctx, actor, {
      segmentId: SUBSCRIPTIONS,
      ...fees,
      openFee: 1,
      effectiveFrom: at,
      reason: 'x',
    });
    await withdrawFeeChange(t.ctx, actor, {
      kind: 'segment',
      id: SUBSCRIPTIONS,
      effectiveFrom: at,
      reason: 'mistake',
    });
    t.advance(3 * HOUR);
    expect((await currentFees()).openFee).toBe(fees.openFee);
    expect(actor.records.map((r) => r.action)).toEqual(['fees.segment.change', 'fees.segment.withdraw']);

    const applied = await changeSegmentFees(t.ctx, actor, {
      segmentId: SUBSCRIPTIONS,
      ...fees,
      reason: 'now',
    });
    const late = await refusal(
      withdrawFeeChange(t.ctx, actor, {
        kind: 'segment',
        id: SUBSCRIPTIONS,
        effectiveFrom: new Date(applied.effectiveFrom),
        reason: 'too late',
      }),
    );
    expect(late.messageKey).toBe('server:operatorContent.fees.versionNotFound');
  });

  it('a rate plan change applies to the plan’s customers from its time (the lower of plan and segment)', async () => {
    const me = await funded(t, { usd: 1_000_000 });
    await usePlan(t, me.accountId, { monthlyCardLimit: 100, openCardFee: 90, rechargeFeeBp: 80 });
    const book = await readPriceBook(t.ctx);
    const plan = book.plans.find((p) => p.now.openFee === 90 && p.now.rechargeFeeBp === 80)!;
    const before = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    expect(before.openFee).toBe(90);
    await changePlanFees(t.ctx, recordingActor(), {
      planCode: plan.code,
      openCardFee: 40,
      rechargeFeeBp: 80,
      reason: 'negotiated',
    });
    const after = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    expect(after.openFee).toBe(40);
  });

  it('a failed audit write leaves the fees as they were', async () => {
    const fees = await currentFees();
    const change = { segmentId: SUBSCRIPTIONS, ...fees, openFee: 3, reason: 'x' };
    await expect(changeSegmentFees(t.ctx, failingAuditActor(), change)).rejects.toThrow(
      'audit log unavailable',
    );
    expect(await currentFees()).toEqual(fees);
  });
});
