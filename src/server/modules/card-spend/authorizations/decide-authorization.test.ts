import { describe, expect, it } from 'vitest';
import { NO_SPEND_RULES } from '@contract/spending';
import type { AuthorizationFacts } from './decide-authorization';
import { declineReasonFor, isExpired } from './decide-authorization';
import type { AuthorizationEvent } from '../issuer-event';

const usable: AuthorizationFacts = {
  cardStatus: 'active',
  expired: false,
  segmentStatus: 'open',
  cardCurrency: 'USD',
  balance: 10_000,
  recentAuthorizations: 0,
  memberSpendLeft: null,
  spendRules: NO_SPEND_RULES,
  usage: { day: { held: 0, spent: 0 }, month: { held: 0, spent: 0 }, life: { held: 0, spent: 0 } },
  now: new Date('2026-11-28T04:00:00Z'),
};

const purchase: AuthorizationEvent = {
  eventId: 'e1',
  type: 'authorization',
  cardRef: 'ref',
  authorizationId: 'a1',
  amount: 1_000,
  currency: 'USD',
  merchant: { name: 'Shop', category: '5734', country: 'US' },
  cvvMatched: true,
  expiryMatched: true,
};

describe('isExpired', () => {
  it('keeps a card valid through the last day of its expiry month', () => {
    const expiry = { expiryMonth: 2, expiryYear: 2028 };
    expect(isExpired(expiry, new Date('2028-02-29T23:59:59.999Z'))).toBe(false);
    expect(isExpired(expiry, new Date('2028-03-01T00:00:00.000Z'))).toBe(true);
    expect(isExpired({ expiryMonth: 12, expiryYear: 2027 }, new Date('2027-12-31T12:00:00Z'))).toBe(false);
    expect(isExpired({ expiryMonth: 12, expiryYear: 2027 }, new Date('2028-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('declineReasonFor', () => {
  it('approves a usable card, in its currency, with enough balance', () => {
    expect(declineReasonFor(usable, purchase)).toBeNull();
    expect(declineReasonFor({ ...usable, balance: 1_000 }, purchase)).toBeNull();
  });

  it('names the first failing check, in issuer order', () => {
    const everythingWrong: AuthorizationFacts = {
      cardStatus: 'deleted',
      expired: true,
      segmentStatus: 'maintenance',
      cardCurrency: 'EUR',
      balance: 0,
      recentAuthorizations: 99,
      memberSpendLeft: 0,
      spendRules: NO_SPEND_RULES,
      usage: usable.usage,
      now: usable.now,
    };
    const badPurchase: AuthorizationEvent = {
      ...purchase,
      amount: 5_000_000,
      cvvMatched: false,
      merchant: { name: 'Casino', category: '7995', country: 'KP' },
    };
    const order: [Partial<AuthorizationFacts>, Partial<AuthorizationEvent>, string][] = [
      [{}, {}, 'card_deleted'],
      [{ cardStatus: 'frozen' }, {}, 'card_frozen'],
      [{ cardStatus: 'active' }, {}, 'card_expired'],
      [{ cardStatus: 'active', expired: false }, {}, 'incorrect_cvv'],
      [{ cardStatus: 'active', expired: false }, { cvvMatched: true }, 'segment_maintenance'],
    ];
    for (const [facts, event, reason] of order)
      expect(declineReasonFor({ ...everythingWrong, ...facts }, { ...badPurchase, ...event })).toBe(reason);
    const open = {
      ...everythingWrong,
      cardStatus: 'active' as const,
      expired: false,
      segmentStatus: 'open' as const,
    };
    const typed = { ...badPurchase, cvvMatched: true };
    expect(declineReasonFor(open, typed)).toBe('currency_not_supported');
    expect(declineReasonFor({ ...open, cardCurrency: 'USD' }, typed)).toBe('merchant_not_supported');
    const shop = { ...typed, merchant: purchase.merchant };
    expect(declineReasonFor({ ...open, cardCurrency: 'USD' }, shop)).toBe('amount_limit');
    expect(declineReasonFor({ ...open, cardCurrency: 'USD' }, { ...shop, amount: 1_000 })).toBe(
      'suspected_fraud',
    );
    const calm = { ...open, cardCurrency: 'USD', recentAuthorizations: 0 };
    expect(declineReasonFor(calm, { ...shop, amount: 1_000 })).toBe('member_spend_limit');
    expect(declineReasonFor({ ...calm, memberSpendLeft: 1_000 }, { ...shop, amount: 1_000 })).toBe(
      'insufficient_balance',
    );
  });

  it('declines what passes the member’s monthly spend limit, and only that', () => {
    expect(declineReasonFor({ ...usable, memberSpendLeft: 999 }, purchase)).toBe('member_spend_limit');
    expect(declineReasonFor({ ...usable, memberSpendLeft: 1_000 }, purchase)).toBeNull();
    expect(declineReasonFor({ ...usable, memberSpendLeft: null }, purchase)).toBeNull();
  });
});
