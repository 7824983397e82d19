/**
 * Confirmed top-ups per second: WeChat orders of one customer are created through the API, then
 * their signed `paid` callbacks arrive at a fixed rate, each crediting the wallet through the
 * ledger. One customer is the hard case: every credit queues for the same wallet row. Reports the
 * confirmations that succeeded per second and their latency, and checks afterwards that the wallet
 * grew by exactly the credits of the orders that are paid (a benchmark that lost money would be
 * worse than a slow one).
 *
 * A warm-up is not measured: a server that has just started opens its database connections and
 * compiles its hot paths (V8, PL/pgSQL) then, once in its life. It ramps up, a quarter of the rate,
 * a half, then the full rate, a third of `warmSeconds` each: at the full rate at once, a cold
 * server fell behind, and an open-loop load kept it there for the whole run.
 */
import { createHmac } from 'node:crypto';
import { runFixedRate, type RateResult } from './fixed-rate';
import { callApi } from './http-client';

export const BENCH_CHANNEL_SECRET = 'bench-only-wechat-secret';

interface Order {
  orderId: string;
  amount: number;
  credit: number;
  /** The customer's token: orders are spread over the customers in turn. */
  token: string;
}

async function createOrders(url: string, tokens: readonly string[], count: number): Promise<Order[]> {
  const orders: Order[] = [];
  // A few at a time: order creation is setup, not what is measured.
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
        const amount = 50_000 + ((start + i) % 1000) * 100;
        const token = tokens[(start + i) % tokens.length]!;
        const res = await fetch(`${url}/api/account/recharge/qrCreate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ channel: 'wechat', amount: String(amount) }),
        });
        const body = (await res.json()) as { code: number; data: { orderId: string; credit: number } };
        if (body.code !== 200) throw new Error(`qrCreate failed: ${JSON.stringify(body)}`);
        return { orderId: body.data.orderId, amount, credit: body.data.credit, token };
      }),
    );
    orders.push(...batch);
  }
  return orders;
}

/** The CNY wallets of all the customers together. */
async function walletsCny(url: string, tokens: readonly string[]): Promise<number> {
  let sum = 0;
  for (const token of tokens) {
    const res = await fetch(`${url}/api/user/wallet`, { headers: { authorization: `Bearer ${token}` } });
    sum += ((await res.json()) as { data: { CNY: number } }).data.CNY;
  }
  return sum;
}

async function orderStatus(url: string, order: Order): Promise<string> {
  const res = await fetch(`${url}/api/account/recharge/status?orderId=${encodeURIComponent(order.orderId)}`, {
    headers: { authorization: `Bearer ${order.token}` },
  });
  return ((await res.json()) as { data: { status: string } }).data.status;
}

/** Sends each order's signed `paid` callback in turn; true when it was answered 200. */
function confirmer(url: string, orders: readonly Order[], answered: Set<Order>): () => Promise<boolean> {
  let next = 0;
  return async () => {
    const order = orders[next++]!;
    const raw = JSON.stringify({
      eventId: `bench-${order.orderId}`,
      orderId: order.orderId,
      status: 'paid',
      amount: order.amount,
      currency: 'CNY',
      channelTxnId: `wx-${order.orderId}`,
      occurredAt: new Date().toISOString(),
    });
    const answer = await callApi(`${url}/api/pay/notify/wechat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', BENCH_CHANNEL_SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
    if (answer.code === 200) answered.add(order);
    return answer.code === 200;
  };
}

export interface ConfirmationFigures extends RateResult {
  walletGrewBy: number;
  /** The credits of the orders that are paid now: those answered 200, and any other found paid. */
  expectedGrowth: number;
}

/** `customers`: one token (one hot wallet) or several (their orders interleaved). */
export async function measureConfirmations(
  url: string,
  customers: string | readonly string[],
  options: { rps: number; seconds: number; warmSeconds: number; notifyUrl?: string },
): Promise<ConfirmationFigures> {
  // The callbacks may go to another server on the same database (the floor, floor-server.ts); the
  // orders are made and the wallets read through the portal at `url`.
  const notifyAt = options.notifyUrl ?? url;
  const ramp = [0.25, 0.5, 1].map((share) => ({
    rps: options.rps * share,
    seconds: options.warmSeconds / 3,
  }));
  const counts = [...ramp, options].map((step) => Math.round(step.rps * step.seconds));
  const tokens = typeof customers === 'string' ? [customers] : customers;
  const orders = await createOrders(
    url,
    tokens,
    counts.reduce((sum, n) => sum + n, 0),
  );
  const before = await walletsCny(url, tokens);
  const answered = new Set<Order>();
  let used = 0;
  const next = (count: number) => orders.slice(used, (used += count));
  for (const [i, step] of ramp.entries())
    await runFixedRate(confirmer(notifyAt, next(counts[i]!), answered), step);
  const result = await runFixedRate(confirmer(notifyAt, next(counts[ramp.length]!), answered), options);
  const after = await walletsCny(url, tokens);
  // A confirmation whose answer was lost (a refused connection, a 500) may still have credited, or
  // not: the order's own status says which. The wallet must match exactly the orders that are paid.
  let expectedGrowth = 0;
  for (const order of orders)
    if (answered.has(order) || (await orderStatus(url, order)) === 'paid') expectedGrowth += order.credit;
  return { ...result, walletGrewBy: after - before, expectedGrowth };
}
