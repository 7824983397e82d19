/**
 * The quote of a top-up (rechargeInfo, and the first step of qrCreate): fee and credit by the
 * channel's rule, or 422 naming the limit the amount breaks.
 */
import type { TopupChannel } from '@contract/topup-rules';
import { amountProblem, CHANNEL_RULES, topupFee } from '@contract/topup-rules';
import type { z } from 'zod';
import type { quote } from '@contract/finance';
import { fail } from '../../../lib/errors';
import { moneyText } from '../money-text';

export type Quote = z.infer<typeof quote>;

export function quoteTopup(channel: TopupChannel, amount: number): Quote {
  const rule = CHANNEL_RULES[channel];
  const problem = amountProblem(rule, amount);
  const data = { problem, currency: rule.currency, minAmount: rule.minAmount, maxAmount: rule.maxAmount };
  if (problem === 'belowMin')
    throw fail.rule('server:topups.belowMin', { min: moneyText(rule.minAmount, rule.currency) }, data);
  if (problem === 'contactService')
    throw fail.rule(
      'server:topups.contactService',
      { limit: moneyText(rule.serviceAbove ?? rule.maxAmount, rule.currency) },
      { ...data, serviceAbove: rule.serviceAbove },
    );
  if (problem === 'aboveMax')
    throw fail.rule('server:topups.aboveMax', { max: moneyText(rule.maxAmount, rule.currency) }, data);
  const fee = topupFee(amount, rule.feeRateBp);
  return {
    channel,
    currency: rule.currency,
    amount,
    fee,
    credit: amount - fee,
    payWithinSeconds: rule.payWithinSeconds,
  };
}
