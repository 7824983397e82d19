import { describe, expect, it } from 'vitest';
import { couponList } from '@contract/coupons';
import { AppError } from '../../lib/errors';
import { funded, openCard, quote, spyOnIssuer, SUBSCRIPTIONS, totalFor } from '../../testing/card-kit';
import { fileTestApp } from '../../testing/file-app';
import { recordingActor } from '../../testing/operator-actor';
import { endCoupon, issueCoupon } from './manage-coupons';

const t = fileTestApp();
const DAY = 86_400_000;

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('console coupons', () => {
  it('gives a customer a coupon they see and can use, and ends it from a stated time', async () => {
    const me = await funded(t, { usd: 100_000 });
    const actor = recordingActor();
    const coupon = await issueCoupon(t.ctx, actor, {
      email: me.email.toUpperCase(),
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 2,
      expiresAt: new Date(t.ctx.now().getTime() + 30 * DAY),
      reason: 'welcome',
    });
    const listed = await t.api(couponList, { pageNo: 1, pageSize: 10 }, { token: me.token });
    expect(JSON.stringify(listed.body.data)).toContain(coupon.number);
    const withCoupon = await quote(t, me.token, {
      segmentId: SUBSCRIPTIONS,
      amount: 1_000,
      couponId: coupon.id,
    });
    expect(withCoupon.discount).toBe(withCoupon.openFee);

    const at = new Date(t.ctx.now().getTime() + DAY);
    const ended = await endCoupon(t.ctx, actor, { couponId: coupon.id, at, reason: 'campaign over' });
    expect(ended.expiresAt.toISOString()).toBe(at.toISOString());
    expect(actor.records.map((r) => r.action)).toEqual(['coupons.issue', 'coupons.end']);
    expect(actor.records[1]).toMatchObject({
      reason: 'campaign over',
      after: { expiresAt: at.toISOString() },
    });
  });

  it('a coupon ended while an opening is in flight: the customer is not charged another price (409, quote again)', async () => {
    const me = await funded(t, { usd: 100_000 });
    const actor = recordingActor();
    const coupon = await issueCoupon(t.ctx, actor, {
      email: me.email,
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 1,
      expiresAt: new Date(t.ctx.now().getTime() + DAY),
      reason: 'x',
    });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, couponId: coupon.id });
    const spy = spyOnIssuer(t, async () => {
      await endCoupon(t.ctx, actor, { couponId: coupon.id, reason: 'withdrawn' });
      t.advance(1_000);
    });
    try {
      const answer = await openCard(t, me.token, { expectTotal: totalFor(cost, 'USD'), couponId: coupon.id });
      expect(answer.body.code).toBe(409);
    } finally {
      spy.restore();
    }
  });

  it('refuses an unknown customer, bad numbers and a past end, changing nothing', async () => {
    const me = await funded(t, {});
    const actor = recordingActor();
    const base = {
      email: me.email,
      type: 'recharge_fee' as const,
      discountBp: 5_000,
      availableTimes: 1,
      expiresAt: new Date(t.ctx.now().getTime() + DAY),
      reason: 'x',
    };
    expect(
      (await refusal(issueCoupon(t.ctx, actor, { ...base, email: 'nobody@example.com' }))).messageKey,
    ).toBe('server:operatorContent.coupons.customerNotFound');
    expect((await refusal(issueCoupon(t.ctx, actor, { ...base, discountBp: 0 }))).messageKey).toBe(
      'server:operatorContent.coupons.invalid',
    );
    expect(
      (await refusal(issueCoupon(t.ctx, actor, { ...base, expiresAt: new Date(t.ctx.now().getTime() - 1) })))
        .messageKey,
    ).toBe('server:operatorContent.coupons.untilPast');
    expect(actor.records).toEqual([]);
  });
});
