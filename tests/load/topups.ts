/**
 * Confirmed top-ups per second: WeChat orders are created through the API, then their signed
 * `paid` callbacks arrive at a fixed rate, each crediting the wallet through the ledger. Reports the
 * confirmations that succeeded per second and their latency, and checks afterwards that the wallet
 * grew by exactly the credits (a benchmark that lost money would be worse than a slow one).
 */
import { createHmac } from 'node:crypto';
import { runFixedRate, type RateResult } from './fixed-rate';

export const BENCH_CHANNEL_SECRET = 'bench-only-wechat-secret';

interface Order {
  orderId: string;
  amount: number;
  credit: number;
}

async function createOrders(url: string, token: string, count: number): Promise<Order[]> {
  const orders: Order[] = [];
  // A few at a time: order creation is setup, not what is measured.
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
        const amount = 50_000 + ((start + i) % 1000) * 100;
        const res = await fetch(`${url}/api/account/recharge/qrCreate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ channel: 'wechat', amount: String(amount) }),
        });
        const body = (await res.json()) as { code: number; data: Order & { orderId: string } };
        if (body.code !== 200) throw new Error(`qrCreate failed: ${JSON.stringify(body)}`);
        return { orderId: body.data.orderId, amount, credit: body.data.credit };
      }),
    );
    orders.push(...batch);
  }
  return orders;
}

async function walletCny(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/user/wallet`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { CNY: number } }).data.CNY;
}

export interface ConfirmationFigures extends RateResult {
  walletGrewBy: number;
  expectedGrowth: number;
}

export async function measureConfirmations(
  url: string,
  token: string,
  options: { rps: number; seconds: number },
): Promise<ConfirmationFigures> {
  const orders = await createOrders(url, token, Math.round(options.rps * options.seconds));
  const before = await walletCny(url, token);
  let next = 0;
  const confirm = async () => {
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
    const res = await fetch(`${url}/api/pay/notify/wechat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', BENCH_CHANNEL_SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
    return ((await res.json()) as { code: number }).code === 200;
  };
  const result = await runFixedRate(confirm, options);
  const after = await walletCny(url, token);
  return {
    ...result,
    walletGrewBy: after - before,
    expectedGrowth: orders.reduce((sum, o) => sum + o.credit, 0),
  };
}
