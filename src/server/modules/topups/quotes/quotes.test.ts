import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeInfo, topupAmount } from '@contract/finance';
import { CHANNEL_RULES, TOPUP_CHANNELS, USD_TRANSFER_MIN } from '@contract/topup-rules';
import { accounts } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import { createAccount } from '../../account/create-account';
import { eq } from 'drizzle-orm';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInAccount(t)).token;
});
afterAll(async () => t.close());

const quote = (channel: string, amount: number, lang: 'en' | 'zh-CN' = 'en') =>
  t.api(rechargeInfo, { channel: channel as 'wechat', amount }, { token, lang });

describe('GET /api/account/topup/amount', () => {
  it('reports every channel rule, the USD transfer limits, and forecasts for business accounts', async () => {
    const answer = await t.api(topupAmount, {}, { token });
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as {
      channels: unknown[];
      usdTransfer: { minAmount: number };
      canForecast: boolean;
    };
    expect(data.channels).toEqual(TOPUP_CHANNELS.map((c) => CHANNEL_RULES[c]));
    expect(data.usdTransfer).toMatchObject({ minAmount: USD_TRANSFER_MIN, businessOnly: true });
    expect(data.canForecast).toBe(true);
  });

  it('a personal account may not forecast USD transfers', async () => {
    const { id } = await createAccount(t.ctx, {
      email: `p.${Date.now()}@example.com`,
      password: 'Sup3r-secret!',
    });
    await t.ctx.database.db.update(accounts).set({ accountType: 'personal' }).where(eq(accounts.id, id));
    const session = await openSession(t, id);
    const answer = await t.api(topupAmount, {}, { token: session.token });
    expect((answer.body.data as { canForecast: boolean }).canForecast).toBe(false);
  });
});

describe('POST /api/account/rechargeInfo', () => {
  it.each(TOPUP_CHANNELS)(
    '%s: the minimum is accepted, one cent less is refused naming the minimum',
    async (channel) => {
      const rule = CHANNEL_RULES[channel];
      expect((await quote(channel, rule.minAmount)).body.code).toBe(200);
      const below = await quote(channel, rule.minAmount - 1);
      expect(below.status).toBe(422);
      const min = rule.currency === 'CNY' ? '¥500.00' : '$110.00';
      expect(below.body.msg).toBe(`The minimum top-up is ${min}`);
      expect(below.body.data).toMatchObject({ problem: 'belowMin', minAmount: rule.minAmount });
    },
  );

  it.each(['wechat', 'alipay'])(
    '%s above ¥16,000 sends the customer to service or UnionPay',
    async (channel) => {
      expect((await quote(channel, 1_600_000)).body.code).toBe(200);
      const over = await quote(channel, 1_600_001);
      expect(over.status).toBe(422);
      expect(over.body.msg).toBe(
        'For top-ups above ¥16,000.00, please contact customer service or use UnionPay',
      );
      expect((await quote(channel, 1_600_001, 'zh-CN')).body.msg).toBe(
        '充值金额超过 ¥16,000.00，请联系客服或使用银联支付',
      );
    },
  );

  it('UnionPay takes more than ¥16,000 up to its maximum, then refuses naming it', async () => {
    expect((await quote('unionpay', 1_600_001)).body.code).toBe(200);
    expect((await quote('unionpay', CHANNEL_RULES.unionpay.maxAmount)).body.code).toBe(200);
    const over = await quote('unionpay', CHANNEL_RULES.unionpay.maxAmount + 1);
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('The maximum top-up is ¥50,000.00');
    const usdt = await quote('usdt_trc20', CHANNEL_RULES.usdt_trc20.maxAmount + 1);
    expect(usdt.body.msg).toBe('The maximum top-up is $100,000.00');
  });

  it('fees are basis points rounded half up to the cent; the credit is amount minus fee', async () => {
    // 0.6 %: 50,249 -> 301.494 -> 301; 50,250 -> 301.5 -> 302.
    expect((await quote('wechat', 50_249)).body.data).toEqual({
      channel: 'wechat',
      currency: 'CNY',
      amount: 50_249,
      fee: 301,
      credit: 49_948,
      payWithinSeconds: 900,
    });
    expect((await quote('wechat', 50_250)).body.data).toMatchObject({ fee: 302, credit: 49_948 });
    // 1 % of $110.00 is $1.10; USDT has an hour to pay.
    expect((await quote('usdt_trc20', 11_000)).body.data).toMatchObject({
      currency: 'USD',
      fee: 110,
      credit: 10_890,
      payWithinSeconds: 3600,
    });
  });

  it('refuses a non-integer or unknown channel as a validation error', async () => {
    expect((await quote('wechat', 50_000.5)).status).toBe(400);
    const unknown = await quote('paypal', 50_000);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toMatchObject({ fields: ['channel'] });
  });
});
