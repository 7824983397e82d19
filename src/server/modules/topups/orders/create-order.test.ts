import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupOrder } from '@contract/finance';
import { qrCreate, rechargeGetCode } from '@contract/finance';
import { accounts, topupOrders } from '../../../db/schema';
import { createLogger } from '../../../lib/logger';
import { sendMailCode } from '../../../lib/mail-codes';
import { isTronAddress } from '../../../providers/payments/tron-address';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { askForCode, openSession, signedInAccount } from '../../../testing/signed-in';
import { createOrder } from './create-order';
import { BAD_CARD, GOOD_CARD, newOrder, orderRow } from '../../../testing/topups';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function ordersOf(accountId: string): Promise<number> {
  const rows = await t.ctx.database.db
    .select({ id: topupOrders.id })
    .from(topupOrders)
    .where(eq(topupOrders.accountId, accountId));
  return rows.length;
}

describe('POST /api/account/recharge/qrCreate', () => {
  it('creates a pending order with the checkout and an expiry of payWithinSeconds', async () => {
    const me = await signedInAccount(t);
    const before = t.ctx.now().getTime();
    const wechat = await newOrder(t, me.token, 'wechat', 50_000);
    expect(wechat).toMatchObject({
      channel: 'wechat',
      currency: 'CNY',
      amount: 50_000,
      fee: 300,
      credit: 49_700,
      status: 'pending',
      address: null,
      network: null,
      cardLast4: null,
      paidAt: null,
    });
    expect(wechat.orderId).toMatch(/^R\d{20}$/);
    expect(wechat.payload).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(wechat.deepLink).toBe(wechat.payload);
    const expiry = Date.parse(wechat.expiresAt) - before;
    expect(expiry).toBeGreaterThanOrEqual(900_000);
    expect(expiry).toBeLessThan(910_000);

    const alipay = await newOrder(t, me.token, 'alipay', 60_000);
    expect(alipay.deepLink).toMatch(
      /^alipays:\/\/platformapi\/startapp\?saId=10000007&qrcode=https%3A%2F%2F/,
    );
    const unionpay = await newOrder(t, me.token, 'unionpay', 2_000_000);
    expect(unionpay.deepLink).toBeNull();
  });

  it('USDT: a one-time TRC20 address per order, in a tron: payload with the amount, an hour to pay', async () => {
    const me = await signedInAccount(t);
    const orders: TopupOrder[] = [];
    for (let i = 0; i < 12; i++) orders.push(await newOrder(t, me.token, 'usdt_trc20', 11_050));
    const addresses = orders.map((o) => o.address!);
    expect(new Set(addresses).size).toBe(orders.length);
    for (const order of orders) {
      expect(order.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(isTronAddress(order.address!)).toBe(true);
      expect(order.payload).toBe(`tron:${order.address}?amount=110.5&token=USDT`);
      expect(order).toMatchObject({ network: 'TRC20', currency: 'USD', payWithinSeconds: 3600 });
      expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(3_600_000);
    }
  });

  it('the database refuses a second order with the same address', async () => {
    const me = await signedInAccount(t);
    const order = await newOrder(t, me.token, 'usdt_trc20', 11_000);
    const row = await orderRow(t, order.orderId);
    await expect(
      t.ctx.database.db.insert(topupOrders).values({ ...row, id: `${row.id}x`, idempotencyKey: null }),
    ).rejects.toThrow();
  });

  it('refuses sub-account users with 4030 and creates nothing', async () => {
    const me = await signedInAccount(t);
    const sub = await openSession(t, me.accountId, 'sub-1');
    const answer = await t.api(qrCreate, { channel: 'wechat', amount: 50_000 }, { token: sub.token });
    expect(answer.body.code).toBe(4030);
    expect((await t.api(rechargeGetCode, {}, { token: sub.token })).body.code).toBe(4030);
    expect(await ordersOf(me.accountId)).toBe(0);
  });

  it('refuses an account that is not active', async () => {
    const me = await signedInAccount(t);
    await t.ctx.database.db.update(accounts).set({ status: 'frozen' }).where(eq(accounts.id, me.accountId));
    await expect(
      createOrder(
        t.ctx,
        { accountId: me.accountId, channel: 'wechat', amount: 50_000, idempotencyKey: null },
        'en',
      ),
    ).rejects.toMatchObject({ code: 403 });
    expect((await t.api(qrCreate, { channel: 'wechat', amount: 50_000 }, { token: me.token })).status).toBe(
      403,
    );
    expect(await ordersOf(me.accountId)).toBe(0);
  });

  it('refuses an amount outside the limits and creates nothing', async () => {
    const me = await signedInAccount(t);
    const answer = await t.api(qrCreate, { channel: 'wechat', amount: 1_600_001 }, { token: me.token });
    expect(answer.status).toBe(422);
    expect(await ordersOf(me.accountId)).toBe(0);
  });

  it('the same Idempotency-Key returns the same order; without one every call is a new order', async () => {
    const me = await signedInAccount(t);
    const first = await newOrder(t, me.token, 'wechat', 50_000, { key: 'order-key-0001' });
    const again = await newOrder(t, me.token, 'wechat', 50_000, { key: 'order-key-0001' });
    expect(again.orderId).toBe(first.orderId);
    const reused = await t.api(
      qrCreate,
      { channel: 'wechat', amount: 60_000 },
      { token: me.token, headers: { 'idempotency-key': 'order-key-0001' } },
    );
    expect(reused.status).toBe(409);
    await newOrder(t, me.token, 'wechat', 50_000);
    await newOrder(t, me.token, 'wechat', 50_000);
    expect(await ordersOf(me.accountId)).toBe(3);
  });

  it('the order itself is unique per account and key, even when the stored answer is gone', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const input = {
      accountId: me.accountId,
      channel: 'alipay' as const,
      amount: 70_000,
      idempotencyKey: 'k-lost-answer',
    };
    const first = await createOrder(t.ctx, input, 'en');
    expect((await createOrder(t.ctx, input, 'en')).orderId).toBe(first.orderId);
    await expect(createOrder(t.ctx, { ...input, amount: 70_001 }, 'en')).rejects.toMatchObject({ code: 409 });
    // Keys belong to their account.
    const theirs = await createOrder(t.ctx, { ...input, accountId: other.accountId }, 'en');
    expect(theirs.orderId).not.toBe(first.orderId);
    expect(await ordersOf(me.accountId)).toBe(1);
  });
});

describe('bank-card top-ups', () => {
  async function codeFor(me: { token: string; email: string }): Promise<string> {
    return askForCode(t, rechargeGetCode, {}, me.token, me.email);
  }

  it('recharge/getCode mails a code at most once a minute', async () => {
    const me = await signedInAccount(t);
    expect((await t.api(rechargeGetCode, {}, { token: me.token })).body.code).toBe(200);
    expect(await t.latestCode(me.email)).toMatch(/^\d{6}$/);
    const again = await t.api(rechargeGetCode, {}, { token: me.token });
    expect(again.status).toBe(429);
  });

  it('needs the card number and the code, each named when missing', async () => {
    const me = await signedInAccount(t);
    const noCard = await t.api(
      qrCreate,
      { channel: 'bank_card', amount: 50_000, code: '123456' },
      { token: me.token },
    );
    expect(noCard.status).toBe(400);
    expect(noCard.body).toMatchObject({ data: { fields: ['cardNo'] }, msg: 'Card number is required' });
    const noCode = await t.api(
      qrCreate,
      { channel: 'bank_card', amount: 50_000, cardNo: GOOD_CARD },
      { token: me.token },
    );
    expect(noCode.body).toMatchObject({ code: 400, data: { fields: ['code'] } });
    expect(await ordersOf(me.accountId)).toBe(0);
  });

  it('refuses a card number failing the Luhn check without spending the code', async () => {
    const me = await signedInAccount(t);
    const code = await codeFor(me);
    const bad = await t.api(
      qrCreate,
      { channel: 'bank_card', amount: 50_000, code, cardNo: BAD_CARD },
      { token: me.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ fields: ['cardNo'] });
    const good = await newOrder(t, me.token, 'bank_card', 50_000, { code, cardNo: GOOD_CARD });
    expect(good).toMatchObject({ status: 'pending', cardLast4: '1111', channel: 'bank_card' });
  });

  it('refuses a wrong code, a spent code and a code of another purpose', async () => {
    const me = await signedInAccount(t);
    const code = await codeFor(me);
    const wrong = code === '000000' ? '111111' : '000000';
    const answer = await t.api(
      qrCreate,
      { channel: 'bank_card', amount: 50_000, code: wrong, cardNo: GOOD_CARD },
      { token: me.token },
    );
    expect(answer.status).toBe(422);
    await newOrder(t, me.token, 'bank_card', 50_000, { code, cardNo: GOOD_CARD });
    const spent = await t.api(
      qrCreate,
      { channel: 'bank_card', amount: 50_000, code, cardNo: GOOD_CARD },
      { token: me.token },
    );
    expect(spent.status).toBe(422);
    // A profile-edit code, live and correct for its own purpose, does not confirm a payment.
    await sendMailCode(t.ctx, me.email, 'edit', 'en');
    const editCode = await t.latestCode(me.email);
    const other = await t.api(
      qrCreate,
      { channel: 'bank_card', amount: 50_000, code: editCode, cardNo: GOOD_CARD },
      { token: me.token },
    );
    expect(other.status).toBe(422);
    expect(await ordersOf(me.accountId)).toBe(1);
  });

  it('keeps only the last four digits: the number is in no table and no log line', async () => {
    const me = await signedInAccount(t);
    const lines: string[] = [];
    const quiet = t.ctx.log;
    t.ctx.log = createLogger('debug', (line) => lines.push(line));
    const card = '6222021234567890128'; // 19 digits, Luhn-valid
    try {
      const code = await codeFor(me);
      // A refused attempt (bad Luhn) and an accepted one both carry a full number.
      await t.api(
        qrCreate,
        { channel: 'bank_card', amount: 50_000, code, cardNo: '6222021234567890127' },
        { token: me.token },
      );
      const order = await newOrder(t, me.token, 'bank_card', 50_000, { code, cardNo: card });
      expect(order.cardLast4).toBe('0128');
    } finally {
      t.ctx.log = quiet;
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/622202123456789012/);
    // Every text column of every table.
    const tables = (await t.ctx.database.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    for (const { table_name, column_name } of tables.rows) {
      const hits = (await t.ctx.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where ${sql.identifier(column_name)}::text like ${'%2345678901%'}`,
      )) as unknown as { rows: { n: number }[] };
      expect({ table_name, column_name, n: hits.rows[0]!.n }).toEqual({ table_name, column_name, n: 0 });
    }
  });
});
