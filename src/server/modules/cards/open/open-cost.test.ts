import { describe, expect, it } from 'vitest';
import { batchOpenCardCost, openCardCost } from '@contract/cards';
import { fileTestApp } from '../../../testing/file-app';
import { addCoupon, funded, MAINTENANCE, quote, SUBSCRIPTIONS } from '../../../testing/card-kit';

const t = fileTestApp();

describe('openCardCost and BatchOpenCardCost', () => {
  it('one card: load, the segment fees (lower than the plan), and a total per wallet; CNY rounded up', async () => {
    const me = await funded(t, { usd: 5_000, cny: 1_000 });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000 });
    // Segment 1.00 and 1% against the standard plan's 2.00 and 1.5%: the lower applies.
    expect(cost).toEqual({
      cardCurrency: 'USD',
      count: 1,
      amount: 1_000,
      openFee: 100,
      rechargeFee: 10,
      discount: 0,
      couponId: null,
      subtotal: 1_110,
      totals: [
        { debitCurrency: 'USD', rateMicros: null, total: 1_110, balance: 5_000, enough: true },
        // 11.10 USD × 7.25 = 80.475 CNY: the desk rounds up to 80.48.
        { debitCurrency: 'CNY', rateMicros: 7_250_000, total: 8_048, balance: 1_000, enough: false },
      ],
    });
  });

  it('the plan applies where it is lower than the segment', async () => {
    const me = await funded(t);
    // Travel segment: 5.00 and 2% against the standard plan's 2.00 and 1.5%.
    const cost = await quote(t, me.token, { segmentId: 'mc-556766', amount: 5_000 });
    expect(cost).toMatchObject({ openFee: 200, rechargeFee: 75, subtotal: 5_275 });
  });

  it('a batch: fees per card, recharge fee rounded half up per card', async () => {
    const me = await funded(t);
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_234, count: 3 });
    // 1% of 12.34 is 0.1234, rounded to 0.12 per card.
    expect(cost).toMatchObject({
      count: 3,
      amount: 3_702,
      openFee: 300,
      rechargeFee: 36,
      discount: 0,
      subtotal: 4_038,
    });
    // 40.38 × 7.25 = 292.755 -> 292.76
    expect(cost.totals.find((row) => row.debitCurrency === 'CNY')?.total).toBe(29_276);
  });

  it('an opening-fee coupon takes its share off for min(count, uses) cards', async () => {
    const me = await funded(t);
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 5_000,
      availableTimes: 2,
    });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_234, count: 3, couponId });
    expect(cost).toMatchObject({ openFee: 300, discount: 100, couponId, subtotal: 3_938 });
    const one = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_234, couponId });
    expect(one).toMatchObject({ openFee: 100, discount: 50, subtotal: 1_296 });
  });

  it('a recharge-fee coupon discounts the recharge fee of each card it covers', async () => {
    const me = await funded(t);
    const couponId = await addCoupon(t, me.accountId, {
      type: 'recharge_fee',
      discountBp: 5_000,
      availableTimes: 10,
    });
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_234, count: 3, couponId });
    expect(cost).toMatchObject({ rechargeFee: 36, discount: 18, subtotal: 4_020 });
  });

  it('refuses what the opening would refuse, with the reason', async () => {
    const me = await funded(t);
    const refused = async (input: { segmentId: string; amount: number; couponId?: string }) => {
      const answer = await t.api(openCardCost, input, { token: me.token });
      return { code: answer.body.code, msg: answer.body.msg };
    };
    expect(await refused({ segmentId: MAINTENANCE, amount: 2_000 })).toEqual({
      code: 422,
      msg: 'This card segment is under maintenance and cannot open cards now; please choose another segment',
    });
    expect(await refused({ segmentId: 'nope', amount: 2_000 })).toMatchObject({ code: 422 });
    expect(await refused({ segmentId: SUBSCRIPTIONS, amount: 499 })).toEqual({
      code: 422,
      msg: 'The first load of each card must be at least $5.00',
    });
    expect(await refused({ segmentId: SUBSCRIPTIONS, amount: 100_001 })).toEqual({
      code: 422,
      msg: 'Loads above 1000 USD go through customer service; please contact us',
    });
    const expired = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 1,
      expiresInMs: -1,
    });
    expect(await refused({ segmentId: SUBSCRIPTIONS, amount: 1_000, couponId: expired })).toEqual({
      code: 422,
      msg: 'The coupon has expired',
    });
    const batch = await t.api(
      batchOpenCardCost,
      { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 501 },
      { token: me.token },
    );
    expect(batch.body.code).toBe(400);
  });
});
