import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponView } from '../../../contract/coupons';
import { couponEnum, couponList } from '../../../contract/coupons';
import { coupons } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { signedInAccount } from '../../testing/signed-in';
import { seedDemoCoupons } from './demo-coupons';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 3600 * 1000;

async function coupon(
  accountId: string,
  number: string,
  fields: { type?: 'open_fee' | 'recharge_fee'; times: number; expiresInDays: number; ageDays: number },
): Promise<string> {
  const id = newId();
  const now = t.ctx.now().getTime();
  await t.ctx.database.db.insert(coupons).values({
    id,
    accountId,
    number,
    type: fields.type ?? 'open_fee',
    discountBp: 5_000,
    availableTimes: fields.times,
    expiresAt: new Date(now + fields.expiresInDays * DAY),
    createdAt: new Date(now - fields.ageDays * DAY),
  });
  return id;
}

type Page = { data: CouponView[]; total: number; pageNo: number; pageSize: number };

describe('coupons', () => {
  it('coupon/list: newest first with the derived status, paged and filtered', async () => {
    const me = await signedInAccount(t);
    const tag = newId();
    await coupon(me.accountId, `A${tag}`, { times: 3, expiresInDays: 30, ageDays: 1 });
    await coupon(me.accountId, `B${tag}`, { times: 0, expiresInDays: 30, ageDays: 2 });
    await coupon(me.accountId, `C${tag}`, { times: 2, expiresInDays: -1, ageDays: 3 });
    await coupon(me.accountId, `D${tag}`, { times: 0, expiresInDays: -1, ageDays: 4, type: 'recharge_fee' });
    const other = await signedInAccount(t);
    await coupon(other.accountId, `E${tag}`, { times: 3, expiresInDays: 30, ageDays: 0 });

    const all = (await t.api(couponList, { pageNo: 1, pageSize: 10 }, { token: me.token })).body.data as Page;
    expect(all.total).toBe(4);
    expect(all.data.map((c) => [c.number, c.status, c.availableTimes])).toEqual([
      [`A${tag}`, 'available', 3],
      [`B${tag}`, 'used_up', 0],
      [`C${tag}`, 'expired', 2],
      [`D${tag}`, 'used_up', 0],
    ]);
    expect(all.data[0]).toMatchObject({ type: 'open_fee', discountBp: 5_000 });

    const second = (await t.api(couponList, { pageNo: 2, pageSize: 3 }, { token: me.token })).body
      .data as Page;
    expect(second).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(second.data.map((c) => c.number)).toEqual([`D${tag}`]);

    const byStatus = async (status: 'available' | 'used_up' | 'expired') =>
      (
        (await t.api(couponList, { pageNo: 1, pageSize: 10, status }, { token: me.token })).body.data as Page
      ).data.map((c) => c.number);
    expect(await byStatus('available')).toEqual([`A${tag}`]);
    expect(await byStatus('used_up')).toEqual([`B${tag}`, `D${tag}`]);
    expect(await byStatus('expired')).toEqual([`C${tag}`]);
  });

  it('coupon/enum: only the coupons usable now, soonest expiry first, optionally of one type', async () => {
    const me = await signedInAccount(t);
    const tag = newId();
    await coupon(me.accountId, `L${tag}`, { times: 1, expiresInDays: 60, ageDays: 1 });
    await coupon(me.accountId, `S${tag}`, { times: 1, expiresInDays: 5, ageDays: 2, type: 'recharge_fee' });
    await coupon(me.accountId, `U${tag}`, { times: 0, expiresInDays: 5, ageDays: 2 });
    await coupon(me.accountId, `X${tag}`, { times: 4, expiresInDays: -2, ageDays: 2 });
    const usable = (await t.api(couponEnum, {}, { token: me.token })).body.data as CouponView[];
    expect(usable.map((c) => [c.number, c.status])).toEqual([
      [`S${tag}`, 'available'],
      [`L${tag}`, 'available'],
    ]);
    const openOnly = (await t.api(couponEnum, { type: 'open_fee' }, { token: me.token })).body
      .data as CouponView[];
    expect(openOnly.map((c) => c.number)).toEqual([`L${tag}`]);
  });

  it('the demo seed gives an account its coupons once', async () => {
    const me = await signedInAccount(t);
    await seedDemoCoupons(t.ctx, me.accountId);
    await seedDemoCoupons(t.ctx, me.accountId);
    const all = (await t.api(couponList, { pageNo: 1, pageSize: 10 }, { token: me.token })).body.data as Page;
    expect(all.data.map((c) => [c.type, c.discountBp, c.availableTimes, c.status])).toEqual([
      ['recharge_fee', 5_000, 10, 'available'],
      ['open_fee', 10_000, 5, 'available'],
      ['open_fee', 5_000, 3, 'expired'],
    ]);
  });
});
