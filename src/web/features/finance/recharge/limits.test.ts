import { describe, expect, it } from 'vitest';
import { CHANNEL_RULES } from '@contract/topup-rules';
import { parseAmount } from '../../../lib/amount-input';
import { checkAmount, feeRateText, ruleOf } from './limits';
import { TEST_LIMITS } from '../../../testing/recharge-orders';

const check = (channel: keyof typeof CHANNEL_RULES, text: string) =>
  checkAmount(CHANNEL_RULES[channel], text, parseAmount(text));

describe('checkAmount', () => {
  it('refuses CNY below 500 and accepts 500', () => {
    expect(check('wechat', '499.99')).toMatchObject({ ok: false, reason: 'belowMin' });
    expect(check('wechat', '500')).toEqual({ ok: true, amount: 50_000 });
  });

  it('sends WeChat and Alipay above 16000 to customer service (16000 itself is fine)', () => {
    expect(check('wechat', '16000')).toEqual({ ok: true, amount: 1_600_000 });
    expect(check('wechat', '16000.01')).toMatchObject({ ok: false, reason: 'contactService' });
    expect(check('alipay', '20000')).toMatchObject({ ok: false, reason: 'contactService' });
  });

  it('lets UnionPay take more than 16000, up to its maximum', () => {
    expect(check('unionpay', '20000')).toEqual({ ok: true, amount: 2_000_000 });
    expect(check('unionpay', '50000.01')).toMatchObject({ ok: false, reason: 'aboveMax' });
  });

  it('holds USDT to 110 at least', () => {
    expect(check('usdt_trc20', '109.99')).toMatchObject({ ok: false, reason: 'belowMin' });
    expect(check('usdt_trc20', '110')).toEqual({ ok: true, amount: 11_000 });
  });

  it('tells an empty field from a malformed one', () => {
    expect(check('wechat', '')).toMatchObject({ ok: false, reason: 'empty' });
    expect(check('wechat', '5.555')).toMatchObject({ ok: false, reason: 'format' });
  });
});

describe('ruleOf', () => {
  it("uses the server's limits when it sent them", () => {
    const limits = {
      ...TEST_LIMITS,
      channels: [{ ...CHANNEL_RULES.wechat, minAmount: 100_000 }],
    };
    expect(ruleOf(limits, 'wechat').minAmount).toBe(100_000);
  });

  it("falls back to the contract's rules (the server's own) when they could not be loaded", () => {
    expect(ruleOf(undefined, 'usdt_trc20')).toBe(CHANNEL_RULES.usdt_trc20);
  });
});

describe('feeRateText', () => {
  it.each([
    [60, '0.6%'],
    [50, '0.5%'],
    [100, '1%'],
    [125, '1.25%'],
    [0, '0%'],
  ])('%d bp -> %s', (bp, text) => {
    expect(feeRateText(bp)).toBe(text);
  });
});
