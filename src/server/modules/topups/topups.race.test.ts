import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupOrder } from '../../../contract/finance';
import { rechargeCheck, rechargeStatus } from '../../../contract/finance';
import { CHANNEL_RULES } from '../../../contract/topup-rules';
import { ledgerTransactions, paymentCallbacks, topupOrders } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { signedInAccount } from '../../testing/signed-in';
import { sweepOrders } from './orders/sweep-orders';
import type { Sent } from '../../testing/topups';
import {
  balanceOf,
  deliver,
  eventFor,
  ledgerHealthy,
  newOrder,
  signed,
  topupTransactions,
} from '../../testing/topups';

// PGlite runs one transaction at a time, so only PostgreSQL can show that these races are closed.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('top-up races (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('200 concurrent valid paid callbacks for one order credit it exactly once', async () => {
    const me = await signedInAccount(t);
    const order = await newOrder(t, me.token, 'wechat', 123_400);
    // Half are the same notification delivered again and again, half are fresh notifications.
    const same = signed(t, 'wechat', eventFor(t, order));
    const sends = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0 ? same : signed(t, 'wechat', eventFor(t, order)),
    );
    const answers = await Promise.all(sends.map((sent) => deliver(t, sent)));
    const outcomes = answers.map((a) => a.body.data?.outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'credited' || o === 'duplicate' || o === 'replay')).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(123_400 - 740);
    expect(await topupTransactions(t, order.orderId)).toBe(1);
    const stored = await t.ctx.database.db
      .select({ id: paymentCallbacks.id })
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.orderId, order.orderId));
    expect(stored).toHaveLength(200);
    expect(await ledgerHealthy(t)).toBe(true);
  });

  it('500 concurrent mixed movements over many orders keep every invariant', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => signedInAccount(t)));
    const channels = ['wechat', 'alipay', 'unionpay', 'usdt_trc20'] as const;
    const orders: (TopupOrder & { token: string })[] = [];
    for (const [i, person] of people.entries())
      for (let j = 0; j < 10; j++) {
        const channel = channels[(i + j) % channels.length]!;
        const order = await newOrder(t, person.token, channel, CHANNEL_RULES[channel].minAmount + 37 * j);
        orders.push({ ...order, token: person.token });
      }
    const firstEvent = new Map<string, Sent>(
      orders.map((o) => [o.orderId, signed(t, o.channel as 'wechat', eventFor(t, o))]),
    );

    const actions = Array.from({ length: 500 }, (_, i) => {
      // Each order gets one action of every kind, all of them in flight at once.
      const order = orders[i % orders.length]!;
      const channel = order.channel as 'wechat';
      switch (Math.floor(i / orders.length) % 10) {
        case 0:
        case 1:
        case 2:
          return () => deliver(t, signed(t, channel, eventFor(t, order)));
        case 3:
        case 4:
          return () => deliver(t, firstEvent.get(order.orderId)!); // the same notification, replayed
        case 5:
          return () => deliver(t, signed(t, channel, eventFor(t, order, 'failed')));
        case 6:
          return () =>
            deliver(t, signed(t, channel, eventFor(t, order, 'paid', { amount: order.amount - 1 })));
        case 7:
          return () => deliver(t, { ...signed(t, channel, eventFor(t, order)), signature: 'f'.repeat(64) });
        case 8:
          return () => t.api(rechargeStatus, { orderId: order.orderId }, { token: order.token });
        default:
          return () => t.api(rechargeCheck, { orderId: order.orderId }, { token: order.token });
      }
    });
    const answers = await Promise.all(actions.map((run) => run()));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);

    async function checkAll(): Promise<void> {
      expect(await ledgerHealthy(t)).toBe(true);
      const rows = await t.ctx.database.db
        .select()
        .from(topupOrders)
        .where(
          inArray(
            topupOrders.id,
            orders.map((o) => o.orderId),
          ),
        );
      const posted = await t.ctx.database.db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(
          inArray(
            ledgerTransactions.idempotencyKey,
            orders.map((o) => `topup:${o.orderId}`),
          ),
        );
      for (const row of rows) {
        const movements = posted.filter((p) => p.key === `topup:${row.id}`).length;
        expect({ id: row.id, movements }).toEqual({ id: row.id, movements: row.status === 'paid' ? 1 : 0 });
      }
      for (const person of people)
        for (const currency of ['CNY', 'USD']) {
          const expected = rows
            .filter((r) => r.accountId === person.accountId && r.currency === currency && r.status === 'paid')
            .reduce((sum, r) => sum + r.amount - r.fee, 0);
          expect(await balanceOf(t, person.accountId, currency)).toBe(expected);
        }
      const credits = await t.ctx.database.db
        .select({ orderId: paymentCallbacks.orderId, outcome: paymentCallbacks.outcome })
        .from(paymentCallbacks)
        .where(
          inArray(
            paymentCallbacks.orderId,
            orders.map((o) => o.orderId),
          ),
        );
      for (const order of orders) {
        const accepted = credits.filter(
          (c) => c.orderId === order.orderId && ['credited', 'confirming', 'late'].includes(c.outcome),
        );
        expect(accepted.length).toBeLessThanOrEqual(1);
      }
    }

    await checkAll();
    // Every order got a payment or a failure; USDT payments finish when their confirmation passes.
    t.advance(6 * 60_000);
    await sweepOrders(t.ctx);
    await checkAll();
    const final = await t.ctx.database.db
      .select({ status: topupOrders.status })
      .from(topupOrders)
      .where(
        inArray(
          topupOrders.id,
          orders.map((o) => o.orderId),
        ),
      );
    expect(final.every((r) => r.status === 'paid' || r.status === 'failed')).toBe(true);
  });
});
