/**
 * The numbers of the agent programme (docs/decisions.md "Agent programme"): commission rates per
 * plan, the holding period, and the withdrawal limits and fees. Kept here, in one place, so the
 * info call, the jobs and the withdrawals cannot disagree.
 */
import type { AgentCurrency, FeeType, WithdrawalRule } from '../../../contract/agent';

/**
 * Commission in basis points of the fee the invitee actually paid (after coupons), by the invitee's
 * plan: the cheaper the invitee's plan, the smaller the fee and the larger the agent's share of it.
 */
export const COMMISSION_BP: Record<string, Record<FeeType, number>> = {
  standard: { topup: 2000, card_open: 3000, card_recharge: 2000 },
  enterprise: { topup: 1500, card_open: 2500, card_recharge: 1500 },
  partner: { topup: 1000, card_open: 2000, card_recharge: 1000 },
};
/** A plan added later without its own rates earns the lowest ones until it gets them. */
const FALLBACK_BP: Record<FeeType, number> = { topup: 1000, card_open: 2000, card_recharge: 1000 };

export function commissionRate(planCode: string, feeType: FeeType): number {
  return (COMMISSION_BP[planCode] ?? FALLBACK_BP)[feeType];
}

/** Rounded down: the programme never pays a fraction of a cent more than the rate says. */
export function commissionOf(feeAmount: number, rateBp: number): number {
  return Math.floor((feeAmount * rateBp) / 10_000);
}

/**
 * A commission waits 7 days before it can be withdrawn: a card opening or load is undone, and a
 * top-up disputed, within that window, and card transactions settle in 2 to 5 days. A fee refunded
 * while its commission is pending takes it back before the agent could spend it.
 */
export const HOLD_DAYS = 7;
export const HOLD_MS = HOLD_DAYS * 24 * 3600_000;

export const WITHDRAWAL_RULES: Record<AgentCurrency, Omit<WithdrawalRule, 'available'>> = {
  CNY: {
    currency: 'CNY',
    wallet: { minimum: 100, maximum: 5_000_000, fee: 0 },
    bankCard: { minimum: 1_000, maximum: 5_000_000, feeBp: 100, minFee: 200, dailyCount: 3 },
  },
  USD: {
    currency: 'USD',
    wallet: { minimum: 100, maximum: 1_000_000, fee: 0 },
    bankCard: { minimum: 200, maximum: 1_000_000, feeBp: 100, minFee: 100, dailyCount: 3 },
  },
};

/** The bank payout fee: the rate rounded up to the cent, never below the minimum fee. */
export function bankFeeOf(currency: AgentCurrency, amount: number): number {
  const { feeBp, minFee } = WITHDRAWAL_RULES[currency].bankCard;
  return Math.max(minFee, Math.ceil((amount * feeBp) / 10_000));
}

/** At most this many saved bank cards per account. */
export const BANK_CARD_LIMIT = 5;
