import { describe, expect, it } from 'vitest';
import { fileSignedInAccount, fileTestApp } from '../testing/file-app';
import { createTestApp } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { balanceOf, callbacksOf, newOrder, orderRow } from '../testing/topups';
import type { SimulatorOrder } from './payments-simulator';
import { simulatorRequests } from '../testing/simulator';

const t = fileTestApp();
const me = fileSignedInAccount(t);
const { postJson, postForm } = simulatorRequests(t);

async function listed(account?: string): Promise<SimulatorOrder[]> {
  const res = await t.raw(`/sandbox/api/orders${account ? `?account=${encodeURIComponent(account)}` : ''}`);
  return (await res.json()) as SimulatorOrder[];
}

describe('payment simulator', () => {
  it('lists open orders newest first, filtered by account e-mail', async () => {
    const other = await signedInAccount(t);
    const first = await newOrder(t, me.token, 'wechat', 50_000);
    t.advance(1_000);
    const second = await newOrder(t, me.token, 'usdt_trc20', 11_000);
    const theirs = await newOrder(t, other.token, 'alipay', 50_000);
    const mine = await listed(me.email.toUpperCase());
    expect(mine.map((o) => o.orderId)).toEqual([second.orderId, first.orderId]);
    expect(mine[0]).toMatchObject({ account: me.email, channel: 'usdt_trc20', address: second.address });
    expect((await listed()).map((o) => o.orderId)).toContain(theirs.orderId);
  });

  it('Pay sends the signed callback through the real route: credited once, stored like a channel’s', async () => {
    const order = await newOrder(t, me.token, 'alipay', 90_000);
    const before = await balanceOf(t, me.accountId, 'CNY');
    const res = await postJson(`/sandbox/api/orders/${order.orderId}/pay`);
    expect(await res.json()).toMatchObject({
      status: 200,
      answer: { code: 200, data: { outcome: 'credited' } },
    });
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before + 90_000 - 540);
    expect(await callbacksOf(t, order.orderId)).toEqual([
      {
        outcome: 'credited',
        eventId: expect.stringMatching(/^sbx-/),
        signatureValid: true,
        channel: 'alipay',
      },
    ]);
    expect((await listed(me.email)).map((o) => o.orderId)).not.toContain(order.orderId);
    const again = await postJson(`/sandbox/api/orders/${order.orderId}/pay`);
    expect(await again.json()).toMatchObject({ answer: { data: { outcome: 'duplicate' } } });
  });

  it('Pay with another amount is refused by the callback route and changes nothing', async () => {
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    const res = await postJson(`/sandbox/api/orders/${order.orderId}/pay`, { amount: 40_000 });
    expect(await res.json()).toMatchObject({ status: 400, answer: { data: { outcome: 'amount_mismatch' } } });
    expect((await orderRow(t, order.orderId)).status).toBe('pending');
    expect((await postJson(`/sandbox/api/orders/${order.orderId}/pay`, { amount: -5 })).status).toBe(400);
  });

  it('Fail marks the order failed; unknown orders are 404', async () => {
    const order = await newOrder(t, me.token, 'unionpay', 50_000);
    const res = await postJson(`/sandbox/api/orders/${order.orderId}/fail`);
    expect(await res.json()).toMatchObject({ answer: { data: { outcome: 'failed' } } });
    expect((await orderRow(t, order.orderId)).status).toBe('failed');
    expect((await postJson('/sandbox/api/orders/R404/pay')).status).toBe(404);
  });

  it('the page works without script: forms post, then come back with what happened', async () => {
    const order = await newOrder(t, me.token, 'usdt_trc20', 11_000);
    const page = await (await t.raw(`/sandbox/payments?account=${encodeURIComponent(me.email)}`)).text();
    expect(page).toContain('<meta name="viewport"');
    expect(page).toContain(order.orderId);
    expect(page).toContain(order.address!);
    expect(page).toContain(`action="/sandbox/payments/${order.orderId}/pay"`);
    expect(page).not.toContain('<script');

    const form = (verb: string) =>
      postForm(`/sandbox/payments/${order.orderId}/${verb}`, { account: me.email });
    const paid = await form('pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!, 'http://x');
    expect(back.pathname).toBe('/sandbox/payments');
    expect(back.searchParams.get('account')).toBe(me.email);
    expect(back.searchParams.get('note')).toContain('confirming');
    const confirming = await (await t.raw(`${back.pathname}${back.search}`)).text();
    expect(confirming).toContain(`action="/sandbox/payments/${order.orderId}/confirm"`);

    const before = await balanceOf(t, me.accountId, 'USD');
    const confirmed = await form('confirm');
    expect(new URL(confirmed.headers.get('location')!, 'http://x').searchParams.get('note')).toContain(
      'paid',
    );
    expect(await balanceOf(t, me.accountId, 'USD')).toBe(before + 10_890);
  });

  it('escapes what it shows', async () => {
    const res = await t.raw(`/sandbox/payments?account=${encodeURIComponent('"><script>x</script>')}`);
    const page = await res.text();
    expect(page).not.toContain('<script>x');
    expect(page).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('production mode', () => {
  it('has no simulator at all', async () => {
    const prod = await createTestApp({
      APP_MODE: 'production',
      PAYMENTS_GATEWAY_URL: 'https://gateway.example.com',
      PAYMENT_CHANNEL_SECRETS: 'wechat:a,alipay:b,unionpay:c,usdt_trc20:d,bank_card:e',
      ISSUER_API_URL: 'https://issuer.example.com',
      ISSUER_EVENT_SECRET: 'issuer-secret-for-production-tests',
    });
    try {
      expect(prod.ctx.payments.kind).toBe('gateway');
      expect(prod.ctx.issuer.kind).toBe('gateway');
      expect((await prod.raw('/sandbox/cards')).status).not.toBe(200);
      expect((await prod.raw('/sandbox/api/cards/x/authorize', { method: 'POST' })).status).toBe(404);
      // Unknown page paths go to the PWA's 404 when a build is served, else straight 404.
      const page = await prod.raw('/sandbox/payments');
      expect([302, 404]).toContain(page.status);
      expect(await page.text()).not.toContain('Payment simulator');
      expect((await prod.raw('/sandbox/api/orders/R1/pay', { method: 'POST' })).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('Expire now runs out a pending order’s time: it expires, leaves the list, and a later payment is late', async () => {
    const order = await newOrder(t, me.token, 'usdt_trc20', 12_000);
    const res = await postJson(`/sandbox/api/orders/${order.orderId}/expire`);
    expect(await res.json()).toMatchObject({ orderId: order.orderId, status: 'expired' });
    expect((await orderRow(t, order.orderId))?.status).toBe('expired');
    expect((await listed(me.email)).map((o) => o.orderId)).not.toContain(order.orderId);
    expect((await postJson(`/sandbox/api/orders/${order.orderId}/expire`)).status).toBe(409);
  });
});
