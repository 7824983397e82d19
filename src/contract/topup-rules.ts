/**
 * The money rules of every top-up channel (spec §5, §9), in one place: the server enforces them,
 * `/api/account/topup/amount` reports them and the PWA checks them before it sends anything.
 * Amounts are minor units of the channel's currency.
 */
import type { CurrencyCode } from './core';

export const TOPUP_CHANNELS = ['wechat', 'alipay', 'unionpay', 'usdt_trc20', 'bank_card'] as const;
export type TopupChannel = (typeof TOPUP_CHANNELS)[number];

/** Channels paid by scanning a QR code or sending to an address (FinanceRechargeOnline). */
export const ONLINE_CHANNELS = ['wechat', 'alipay', 'unionpay', 'usdt_trc20'] as const;

export interface ChannelRule {
  channel: TopupChannel;
  currency: CurrencyCode;
  /** Smallest order. */
  minAmount: number;
  /** Largest order the channel takes at all. */
  maxAmount: number;
  /**
   * Orders above this are refused with "contact customer service or use UnionPay" (spec §5: CNY
   * above 16000). Null where the channel has no such threshold.
   */
  serviceAbove: number | null;
  /** Fee in basis points of the amount, charged to the wallet in the same movement. */
  feeRateBp: number;
  /** How long the customer has to pay. */
  payWithinSeconds: number;
  /** USDT only: the confirmation window of the chain, in minutes [min, max]. */
  confirmMinutes: [number, number] | null;
}

const HOUR = 3600;
const FIFTEEN_MINUTES = 900;

export const CHANNEL_RULES: Readonly<Record<TopupChannel, ChannelRule>> = {
  wechat: {
    channel: 'wechat',
    currency: 'CNY',
    minAmount: 50_000,
    maxAmount: 1_600_000,
    serviceAbove: 1_600_000,
    feeRateBp: 60,
    payWithinSeconds: FIFTEEN_MINUTES,
    confirmMinutes: null,
  },
  alipay: {
    channel: 'alipay',
    currency: 'CNY',
    minAmount: 50_000,
    maxAmount: 1_600_000,
    serviceAbove: 1_600_000,
    feeRateBp: 60,
    payWithinSeconds: FIFTEEN_MINUTES,
    confirmMinutes: null,
  },
  unionpay: {
    channel: 'unionpay',
    currency: 'CNY',
    minAmount: 50_000,
    maxAmount: 5_000_000,
    serviceAbove: null,
    feeRateBp: 50,
    payWithinSeconds: FIFTEEN_MINUTES,
    confirmMinutes: null,
  },
  usdt_trc20: {
    channel: 'usdt_trc20',
    currency: 'USD',
    minAmount: 11_000,
    maxAmount: 10_000_000,
    serviceAbove: null,
    feeRateBp: 100,
    payWithinSeconds: HOUR,
    confirmMinutes: [1, 5],
  },
  bank_card: {
    channel: 'bank_card',
    currency: 'CNY',
    minAmount: 50_000,
    maxAmount: 5_000_000,
    serviceAbove: null,
    feeRateBp: 50,
    payWithinSeconds: FIFTEEN_MINUTES,
    confirmMinutes: null,
  },
};

/** USD bank transfer forecast (spec §5: at least $100, business accounts only). */
export const USD_TRANSFER_MIN = 10_000;
export const USD_TRANSFER_MAX = 100_000_000;

/** Fee of an order: basis points of the amount, rounded half up to the minor unit. */
export function topupFee(amount: number, feeRateBp: number): number {
  return Math.floor((amount * feeRateBp + 5_000) / 10_000);
}

export type AmountProblem = 'belowMin' | 'contactService' | 'aboveMax' | null;

/** Why an amount is refused for a channel, or null when it is acceptable. */
export function amountProblem(rule: ChannelRule, amount: number): AmountProblem {
  if (!Number.isSafeInteger(amount) || amount < rule.minAmount) return 'belowMin';
  if (rule.serviceAbove !== null && amount > rule.serviceAbove) return 'contactService';
  if (amount > rule.maxAmount) return 'aboveMax';
  return null;
}
