/**
 * The limits and fees of the channels as the PWA shows and enforces them before sending. The
 * server's answer to topup/amount is the source; the contract's table (the same rules the server
 * enforces) stands in only when that answer could not be loaded, so a failed load never lets an
 * amount through that the server would refuse.
 */
import type { TFunction } from 'i18next';
import {
  amountProblem,
  CHANNEL_RULES,
  type AmountProblem,
  type ChannelRule,
  type TopupChannel,
} from '@contract/topup-rules';
import { amountErrorKey } from '../../../lib/amount-input';
import { formatMoney } from '../../../lib/money';
import type { TopupLimits } from './api';

export type { AmountProblem, ChannelRule, TopupChannel };

export function ruleOf(limits: TopupLimits | undefined, channel: TopupChannel): ChannelRule {
  return limits?.channels.find((rule) => rule.channel === channel) ?? CHANNEL_RULES[channel];
}

/** 60 basis points -> "0.6%", 100 -> "1%", 125 -> "1.25%". */
export function feeRateText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/** The largest amount taken without customer service: the threshold if there is one, else the maximum. */
export function ceilingOf(rule: ChannelRule): number {
  return rule.serviceAbove ?? rule.maxAmount;
}

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; reason: 'format'; amount: null; key: string }
  | { ok: false; reason: 'empty' | Exclude<AmountProblem, null>; amount: number | null };

/** Everything that is wrong with a typed amount for a channel, before any request. */
export function checkAmount(rule: ChannelRule, text: string, parsed: number | null): AmountCheck {
  if (text.trim() === '') return { ok: false, reason: 'empty', amount: null };
  if (parsed === null) return { ok: false, reason: 'format', amount: null, key: amountErrorKey(text) };
  const problem = amountProblem(rule, parsed);
  return problem ? { ok: false, reason: problem, amount: parsed } : { ok: true, amount: parsed };
}

/** The message for a refused amount, naming the limit that applies. */
export function amountMessage(t: TFunction, rule: ChannelRule, check: AmountCheck): string | undefined {
  if (check.ok) return undefined;
  const money = (minor: number) => formatMoney(minor, rule.currency);
  switch (check.reason) {
    case 'empty':
      return t('recharge:amount.required');
    case 'format':
      // A specific reason (negative, three decimals) when there is one, else the field's own words.
      return t(check.key === 'common:validation.amount' ? 'recharge:amount.format' : check.key);
    case 'belowMin':
      return t('recharge:amount.belowMin', { amount: money(rule.minAmount) });
    case 'contactService':
      return t('recharge:amount.contactService', { amount: money(ceilingOf(rule)) });
    case 'aboveMax':
      return t('recharge:amount.aboveMax', { amount: money(rule.maxAmount) });
  }
}
