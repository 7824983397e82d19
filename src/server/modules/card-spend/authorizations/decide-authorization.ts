/**
 * The decision on a merchant authorization, as a pure function of what the card, its segment and
 * the event say. The checks run in the order an issuer runs them: is the card usable at all, is it
 * the cardholder (CVV, expiry), may this merchant and currency use it, is the amount plausible, and
 * then the customer's own spending rules (spending/rule-decline.ts), and only then is there money.
 * The first failing check is the reason the customer reads.
 */
import type { DeclineReason } from '@contract/card-rules';
import { DECLINE_REASONS } from '@contract/card-rules';
import type { CardStatus } from '@contract/cards';
import type { CardSpendRules } from '@contract/spending';
import type { CardUsage } from '../../spending/rule-decline';
import { ruleDeclineFor } from '../../spending/rule-decline';
import type { AuthorizationEvent } from '../issuer-event';
import {
  BLOCKED_MERCHANT_CATEGORIES,
  BLOCKED_MERCHANT_COUNTRIES,
  DEFAULT_SINGLE_TRANSACTION_LIMIT,
  SINGLE_TRANSACTION_LIMIT,
  VELOCITY_MAX_AUTHORIZATIONS,
} from '../spend-rules';

export interface AuthorizationFacts {
  cardStatus: CardStatus;
  /** The card's expiry month has ended. */
  expired: boolean;
  segmentStatus: 'open' | 'maintenance';
  cardCurrency: string;
  /** The card's balance now (pending authorizations are already off it). */
  balance: number;
  /** Authorizations of this card within the velocity window, this one not included. */
  recentAuthorizations: number;
  /**
   * What is left this month of the USD spend limit of the member holding the card (minor units);
   * null when there is no limit (the owner's card, a member without one, a card not in USD).
   */
  memberSpendLeft: number | null;
  /** The card's own rules and what its day, month and lifetime already used (issue 33). */
  spendRules: CardSpendRules;
  usage: CardUsage;
  now: Date;
}

export function declineReasonFor(facts: AuthorizationFacts, event: AuthorizationEvent): DeclineReason | null {
  if (facts.cardStatus === 'deleted') return 'card_deleted';
  if (facts.cardStatus === 'frozen') return 'card_frozen';
  if (facts.expired) return 'card_expired';
  if (!event.cvvMatched || !event.expiryMatched) return 'incorrect_cvv';
  if (facts.segmentStatus === 'maintenance') return 'segment_maintenance';
  // Cards spend in their own currency only: no cross-currency conversion at the network.
  if (event.currency !== facts.cardCurrency) return 'currency_not_supported';
  if (
    BLOCKED_MERCHANT_CATEGORIES.has(event.merchant.category) ||
    BLOCKED_MERCHANT_COUNTRIES.has(event.merchant.country)
  )
    return 'merchant_not_supported';
  const limit = SINGLE_TRANSACTION_LIMIT[facts.cardCurrency] ?? DEFAULT_SINGLE_TRANSACTION_LIMIT;
  if (event.amount > limit) return 'amount_limit';
  if (facts.recentAuthorizations >= VELOCITY_MAX_AUTHORIZATIONS) return 'suspected_fraud';
  // The customer's own rules; the group budget is claimed last, in authorize.ts.
  const rule = ruleDeclineFor(facts.spendRules, facts.usage, event, facts.now);
  if (rule) return rule;
  if (facts.memberSpendLeft !== null && event.amount > facts.memberSpendLeft) return 'member_spend_limit';
  if (event.amount > facts.balance) return 'insufficient_balance';
  return null;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpired(expiry: { expiryMonth: number; expiryYear: number }, now: Date): boolean {
  // Date.UTC months are 0-based, so `expiryMonth` here is the first day of the following month.
  return now.getTime() >= Date.UTC(expiry.expiryYear, expiry.expiryMonth, 1);
}

/** A decline reason as stored (text column) back to the contract's type. */
export function storedReason(value: string | null): DeclineReason | null {
  return DECLINE_REASONS.find((reason) => reason === value) ?? null;
}
