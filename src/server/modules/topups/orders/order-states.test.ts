import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, TopupOrder } from '@contract/finance';
import { orderStatus, rechargeCheck, rechargeStatus } from '@contract/finance';
import { inTransaction } from '../../../db/client';
import { topupOrders } from '../../../db/schema';
import type { PaymentsProvider } from '../../../providers/payments';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import type { SignedInAccount } from '../../../testing/signed-in';
import { signedInAccount } from '../../../testing/signed-in';
import { canMove, ORDER_TRANSITIONS } from './order-states';
import { sweepOrders } from './sweep-orders';
import {
  balanceOf,
  callbacksOf,
  eventFor,
  ledgerHealthy,
  newOrder,
  notify,
  orderRow,
  topupTransactions,
} from '../../../testing/topups';

let t: TestApp;
let me: SignedInAccount;
beforeAll(async () => {
  // These tests move the clock by hours: keep the sessions alive meanwhile.
  t = await createTestApp({ ACCESS_TOKEN_TTL: 30 * 24 * 3600, SESSION_IDLE_TTL: 30 * 24 * 3600 });
  me = await signedInAccount(t);
});
afterAll(async () => t.close());

const MINUTE = 60_000;

async function status(orderId: string, token = me.token) {
  return t.api(rechargeStatus, { orderId }, { token });
}
async function statusOf(orderId: string): Promise<OrderStatus> {
  return ((await status(orderId)).body.data as TopupOrder).status;
}

describe('the transition table', () => {
  it('allows exactly the designed moves', () => {
    const allowed = orderStatus.options.flatMap((from) =>
      orderStatus.options.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'pending->paid',
        'pending->confirming',
        'pending->failed',
        'pending->expired',
        'expired->paid',
        'expired->confirming',
        'confirming->paid',
      ].sort(),
    );
    expect(ORDER_TRANSITIONS.paid).toEqual([]);
    expect(ORDER_TRANSITIONS.failed).toEqual([]);
  });

  it('the database refuses every status change outside the table, whoever writes it', async () => {
    // One order in each status, reached through the API.
    const expired = await newOrder(t, me.token, 'wechat', 50_000);
    t.advance(16 * MINUTE);
    expect(await statusOf(expired.orderId)).toBe('expired');
    const pending = await newOrder(t, me.token, 'wechat', 50_000);
    const paid = await newOrder(t, me.token, 'wechat', 50_000);
    await notify(t, 'wechat', eventFor(t, paid));
    const failed = await newOrder(t, me.token, 'alipay', 50_000);
    await notify(t, 'alipay', eventFor(t, failed, 'failed'));
    const confirming = await newOrder(t, me.token, 'usdt_trc20', 20_000);
    await notify(t, 'usdt_trc20', eventFor(t, confirming));
    const inStatus: Record<OrderStatus, string> = {
      pending: pending.orderId,
      expired: expired.orderId,
      paid: paid.orderId,
      failed: failed.orderId,
      confirming: confirming.orderId,
    };
    const ROLLBACK = new Error('rollback');
    for (const from of orderStatus.options) {
      expect(await statusOf(inStatus[from])).toBe(from);
      for (const to of orderStatus.options.filter((status) => status !== from)) {
        // A raw UPDATE, as any code might write it, in a transaction that is always rolled back.
        const attempt = inTransaction(t.ctx.database.db, async (tx) => {
          await tx.update(topupOrders).set({ status: to }).where(eq(topupOrders.id, inStatus[from]));
          throw ROLLBACK;
        });
        if (canMove(from, to)) await expect(attempt).rejects.toBe(ROLLBACK);
        else
          expect(await attempt.catch((error: { cause?: Error }) => error.cause?.message)).toMatch(
            /not allowed/,
          );
      }
      expect((await orderRow(t, inStatus[from])).status).toBe(from);
    }
  });
});

describe('order states through the API', () => {
  it('pending -> failed by the channel; failed is final: a later paid is refused (409) and credits nothing', async () => {
    const order = await newOrder(t, me.token, 'unionpay', 50_000);
    expect((await notify(t, 'unionpay', eventFor(t, order, 'failed'))).body.data).toEqual({
      outcome: 'failed',
    });
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'failed',
      failureReason: 'channel_declined',
    });
    expect((await notify(t, 'unionpay', eventFor(t, order, 'failed'))).body.data).toEqual({
      outcome: 'duplicate',
    });
    const before = await balanceOf(t, me.accountId, 'CNY');
    const paid = await notify(t, 'unionpay', eventFor(t, order));
    expect(paid).toMatchObject({ status: 409, body: { data: { outcome: 'illegal_transition' } } });
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before);
    expect(await statusOf(order.orderId)).toBe('failed');
  });

  it('paid -> failed is refused (409): the order stays paid and credited', async () => {
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    await notify(t, 'wechat', eventFor(t, order));
    const before = await balanceOf(t, me.accountId, 'CNY');
    const failed = await notify(t, 'wechat', eventFor(t, order, 'failed'));
    expect(failed).toMatchObject({ status: 409, body: { data: { outcome: 'illegal_transition' } } });
    expect(await statusOf(order.orderId)).toBe('paid');
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before);
  });

  it('pending -> expired by time, seen by status and check; a failure after expiry is refused', async () => {
    const a = await newOrder(t, me.token, 'wechat', 50_000);
    const b = await newOrder(t, me.token, 'alipay', 50_000);
    t.advance(14 * MINUTE);
    expect(await statusOf(a.orderId)).toBe('pending');
    t.advance(MINUTE + 1_000);
    expect(await statusOf(a.orderId)).toBe('expired');
    const checked = await t.api(rechargeCheck, { orderId: b.orderId }, { token: me.token });
    expect((checked.body.data as TopupOrder).status).toBe('expired');
    expect((await notify(t, 'alipay', eventFor(t, b, 'failed'))).status).toBe(409);
    expect((await orderRow(t, b.orderId)).status).toBe('expired');
  });

  it('expired -> paid: money that arrives late is still credited (outcome late)', async () => {
    const order = await newOrder(t, me.token, 'wechat', 100_000);
    t.advance(16 * MINUTE);
    const before = await balanceOf(t, me.accountId, 'CNY');
    const late = await notify(t, 'wechat', eventFor(t, order));
    expect(late).toMatchObject({ status: 200, body: { data: { outcome: 'late' } } });
    expect(await statusOf(order.orderId)).toBe('paid');
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before + 100_000 - 600);
  });

  it('USDT: pending -> confirming (1-5 minutes after payment) -> paid by time, credited once', async () => {
    const order = await newOrder(t, me.token, 'usdt_trc20', 20_000);
    const paidAt = t.ctx.now().getTime();
    expect((await notify(t, 'usdt_trc20', eventFor(t, order))).body.data).toEqual({ outcome: 'confirming' });
    const row = await orderRow(t, order.orderId);
    expect(row.status).toBe('confirming');
    const delay = row.confirmAt!.getTime() - row.paidAt!.getTime();
    expect(delay).toBeGreaterThanOrEqual(MINUTE);
    expect(delay).toBeLessThanOrEqual(5 * MINUTE);
    expect(Math.abs(row.paidAt!.getTime() - paidAt)).toBeLessThan(5_000);
    const before = await balanceOf(t, me.accountId, 'USD');
    // A duplicate while confirming changes nothing.
    expect((await notify(t, 'usdt_trc20', eventFor(t, order))).body.data).toEqual({ outcome: 'duplicate' });
    expect((await notify(t, 'usdt_trc20', eventFor(t, order, 'failed'))).status).toBe(409);
    expect(await statusOf(order.orderId)).toBe('confirming');
    t.advance(5 * MINUTE + 1_000);
    expect(await statusOf(order.orderId)).toBe('paid');
    expect(await statusOf(order.orderId)).toBe('paid');
    expect(await balanceOf(t, me.accountId, 'USD')).toBe(before + 20_000 - 200);
    expect(await topupTransactions(t, order.orderId)).toBe(1);
  });

  it('USDT: an expired order paid late goes through confirmation too', async () => {
    const order = await newOrder(t, me.token, 'usdt_trc20', 11_000);
    t.advance(61 * MINUTE);
    expect(await statusOf(order.orderId)).toBe('expired');
    expect((await notify(t, 'usdt_trc20', eventFor(t, order))).body.data).toEqual({ outcome: 'late' });
    expect(await statusOf(order.orderId)).toBe('confirming');
  });

  it('USDT: the simulator confirms at once through /sandbox/api/orders/:id/confirm', async () => {
    const order = await newOrder(t, me.token, 'usdt_trc20', 11_000);
    const early = await t.raw(`/sandbox/api/orders/${order.orderId}/confirm`, { method: 'POST' });
    expect(early.status).toBe(409);
    await notify(t, 'usdt_trc20', eventFor(t, order));
    const before = await balanceOf(t, me.accountId, 'USD');
    const res = await t.raw(`/sandbox/api/orders/${order.orderId}/confirm`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TopupOrder).status).toBe('paid');
    expect(await balanceOf(t, me.accountId, 'USD')).toBe(before + 11_000 - 110);
    expect((await t.raw(`/sandbox/api/orders/${order.orderId}/confirm`, { method: 'POST' })).status).toBe(
      409,
    );
    expect(await topupTransactions(t, order.orderId)).toBe(1);
  });

  it('the sweeper expires and confirms orders nobody polls', async () => {
    const other = await signedInAccount(t);
    const cny = await newOrder(t, other.token, 'wechat', 50_000);
    const usdt = await newOrder(t, other.token, 'usdt_trc20', 11_000);
    await notify(t, 'usdt_trc20', eventFor(t, usdt));
    t.advance(16 * MINUTE);
    const counts = await sweepOrders(t.ctx);
    expect(counts.expired).toBeGreaterThanOrEqual(1);
    expect(counts.credited).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, cny.orderId)).status).toBe('expired');
    expect((await orderRow(t, usdt.orderId)).status).toBe('paid');
    expect(await balanceOf(t, other.accountId, 'USD')).toBe(10_890);
    expect(await ledgerHealthy(t)).toBe(true);
  });

  it('status and check show only the owner’s orders: another account’s id is 404 like an unknown one', async () => {
    const other = await signedInAccount(t);
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    for (const def of [rechargeStatus, rechargeCheck]) {
      const theirs = await t.api(def, { orderId: order.orderId }, { token: other.token });
      const unknown = await t.api(def, { orderId: 'R00000000000000000000' }, { token: other.token });
      expect(theirs.status).toBe(404);
      expect(theirs.body.msg).toBe('This top-up order does not exist');
      expect({ ...theirs.body, path: '' }).toEqual({ ...unknown.body, path: '' });
    }
  });
});

describe('recharge/check asks the channel', () => {
  function withQuery(answer: PaymentsProvider['queryOrder']): () => void {
    const real = t.ctx.payments;
    t.ctx.payments = { ...real, queryOrder: answer };
    return () => {
      t.ctx.payments = real;
    };
  }

  it('settles a payment the channel reports, through the callback path (stored, credited once)', async () => {
    const order = await newOrder(t, me.token, 'alipay', 60_000);
    const event = eventFor(t, order);
    const restore = withQuery(async () => event);
    try {
      const before = await balanceOf(t, me.accountId, 'CNY');
      const checked = await t.api(rechargeCheck, { orderId: order.orderId }, { token: me.token });
      expect((checked.body.data as TopupOrder).status).toBe('paid');
      await t.api(rechargeCheck, { orderId: order.orderId }, { token: me.token });
      expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before + 60_000 - 360);
      expect(await callbacksOf(t, order.orderId)).toEqual([
        { outcome: 'credited', eventId: event.eventId, signatureValid: true, channel: 'alipay' },
      ]);
      // The channel's own callback for the same event arrives later: a replay, nothing more.
      expect((await notify(t, 'alipay', event)).status).toBe(409);
      expect(await topupTransactions(t, order.orderId)).toBe(1);
    } finally {
      restore();
    }
  });

  it('keeps the order as it is when the channel cannot be reached or has no news', async () => {
    const order = await newOrder(t, me.token, 'alipay', 60_000);
    let restore = withQuery(async () => {
      throw new Error('timeout');
    });
    try {
      const checked = await t.api(rechargeCheck, { orderId: order.orderId }, { token: me.token });
      expect(checked.body).toMatchObject({ code: 200, data: { status: 'pending' } });
    } finally {
      restore();
    }
    restore = withQuery(async () => null);
    try {
      expect(
        (await t.api(rechargeCheck, { orderId: order.orderId }, { token: me.token })).body.data,
      ).toMatchObject({
        status: 'pending',
      });
    } finally {
      restore();
    }
  });
});
