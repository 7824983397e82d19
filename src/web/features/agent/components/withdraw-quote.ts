/**
 * What the withdraw sheet shows before the code is asked for: the fee and the net amount of a
 * withdrawal, by the same rules the server applies (agent-rules.ts answers them in withdrawalsInfo).
 */
import type { WithdrawalRule } from '@contract/agent';

export type Target = 'wallet' | 'bank_card';

export interface Quote {
  fee: number;
  net: number;
  rateBp: number;
  minimum: number;
  maximum: number;
  /** Why the amount cannot be withdrawn, as a message key; null when it can. */
  problem: 'tooSmall' | 'tooLarge' | 'overAvailable' | null;
}

export function quoteWithdrawal(rule: WithdrawalRule, target: Target, amount: number): Quote {
  const limits = target === 'wallet' ? rule.wallet : rule.bankCard;
  const rateBp = target === 'wallet' ? 0 : rule.bankCard.feeBp;
  const fee =
    target === 'wallet'
      ? rule.wallet.fee
      : Math.max(rule.bankCard.minFee, Math.ceil((amount * rateBp) / 10_000));
  const problem =
    amount > rule.available
      ? 'overAvailable'
      : amount < limits.minimum
        ? 'tooSmall'
        : amount > limits.maximum
          ? 'tooLarge'
          : null;
  return {
    fee,
    net: Math.max(0, amount - fee),
    rateBp,
    minimum: limits.minimum,
    maximum: limits.maximum,
    problem,
  };
}
