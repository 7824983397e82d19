/** Orders and limits for the recharge tests, shaped like the contract's answers. */
import { CHANNEL_RULES, topupFee, type TopupChannel } from '@contract/topup-rules';
import type { TopupLimits, TopupOrder } from '../features/finance/recharge/api';

export const TEST_LIMITS: TopupLimits = {
  channels: Object.values(CHANNEL_RULES),
  usdTransfer: { minAmount: 10_000, maxAmount: 100_000_000, businessOnly: true },
  canForecast: true,
};

export function testOrder(overrides: Partial<TopupOrder> = {}): TopupOrder {
  const channel: TopupChannel = overrides.channel ?? 'wechat';
  const rule = CHANNEL_RULES[channel];
  const amount = overrides.amount ?? 50_000;
  const fee = topupFee(amount, rule.feeRateBp);
  const now = Date.now();
  return {
    orderId: 'T20260105000001',
    channel,
    currency: rule.currency,
    amount,
    fee,
    credit: amount - fee,
    payWithinSeconds: rule.payWithinSeconds,
    status: 'pending',
    payload: `https://pay.example.test/qr/${channel}/T20260105000001`,
    deepLink: channel === 'wechat' ? 'weixin://wxpay/bizpayurl?pr=T20260105000001' : null,
    address: channel === 'usdt_trc20' ? 'TXk3H9s8Qm2VZp7dLr4cN6bW1yF5aJ8uEo' : null,
    network: channel === 'usdt_trc20' ? 'TRC20' : null,
    cardLast4: channel === 'bank_card' ? '0005' : null,
    expiresAt: new Date(now + rule.payWithinSeconds * 1000).toISOString(),
    confirmAt: null,
    paidAt: null,
    failureReason: null,
    createdAt: new Date(now).toISOString(),
    ...overrides,
  };
}
