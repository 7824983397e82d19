/** Each rule at its exact boundary: allowed at the limit, declined one minor unit (or one ms) past it. */
import { describe, expect, it } from 'vitest';
import type { CardSpendRules } from '@contract/spending';
import { cardSpendRules, mccGroupOf, NO_SPEND_RULES } from '@contract/spending';
import type { CardUsage } from './rule-decline';
import { ruleDeclineFor } from './rule-decline';

const now = new Date('2026-11-28T04:00:00.000Z');
const none: CardUsage = {
  day: { held: 0, spent: 0 },
  month: { held: 0, spent: 0 },
  life: { held: 0, spent: 0 },
};
const pay = (amount: number, category = '7311', country = 'US') => ({
  amount,
  merchant: { category, country },
});
const rules = (set: Partial<CardSpendRules>): CardSpendRules => ({ ...NO_SPEND_RULES, ...set });

describe('ruleDeclineFor', () => {
  it('approves anything without rules', () => {
    expect(ruleDeclineFor(NO_SPEND_RULES, none, pay(Number.MAX_SAFE_INTEGER, '9999', 'ZZ'), now)).toBeNull();
  });

  it('per authorization: at the limit approved, one minor unit over declined', () => {
    const r = rules({ perAuthorization: 5_000 });
    expect(ruleDeclineFor(r, none, pay(5_000), now)).toBeNull();
    expect(ruleDeclineFor(r, none, pay(5_001), now)).toBe('rule_per_authorization');
  });

  it('day, month and lifetime count held plus spent, at the limit approved', () => {
    const used: CardUsage = {
      day: { held: 300, spent: 700 },
      month: { held: 1_000, spent: 4_000 },
      life: { held: 2_000, spent: 8_000 },
    };
    expect(ruleDeclineFor(rules({ daily: 1_500 }), used, pay(500), now)).toBeNull();
    expect(ruleDeclineFor(rules({ daily: 1_500 }), used, pay(501), now)).toBe('rule_daily');
    expect(ruleDeclineFor(rules({ monthly: 6_000 }), used, pay(1_000), now)).toBeNull();
    expect(ruleDeclineFor(rules({ monthly: 6_000 }), used, pay(1_001), now)).toBe('rule_monthly');
    expect(ruleDeclineFor(rules({ lifetime: 10_500 }), used, pay(500), now)).toBeNull();
    expect(ruleDeclineFor(rules({ lifetime: 10_500 }), used, pay(501), now)).toBe('rule_lifetime');
  });

  it('categories: allowed groups only, or every group but the blocked ones', () => {
    const allowAds = rules({ categories: { mode: 'allow', groups: ['advertising'] } });
    expect(ruleDeclineFor(allowAds, none, pay(1, '7311'), now)).toBeNull();
    expect(ruleDeclineFor(allowAds, none, pay(1, '5734'), now)).toBe('rule_category');
    expect(ruleDeclineFor(allowAds, none, pay(1, '0742'), now)).toBe('rule_category');
    const blockSoftware = rules({ categories: { mode: 'block', groups: ['software', 'other'] } });
    expect(ruleDeclineFor(blockSoftware, none, pay(1, '5734'), now)).toBe('rule_category');
    expect(ruleDeclineFor(blockSoftware, none, pay(1, '0742'), now)).toBe('rule_category');
    expect(ruleDeclineFor(blockSoftware, none, pay(1, '7311'), now)).toBeNull();
  });

  it('countries: allowed ones only, or every country but the blocked ones', () => {
    const allowUs = rules({ countries: { mode: 'allow', countries: ['US', 'DE'] } });
    expect(ruleDeclineFor(allowUs, none, pay(1, '7311', 'DE'), now)).toBeNull();
    expect(ruleDeclineFor(allowUs, none, pay(1, '7311', 'GB'), now)).toBe('rule_country');
    const blockGb = rules({ countries: { mode: 'block', countries: ['GB'] } });
    expect(ruleDeclineFor(blockGb, none, pay(1, '7311', 'GB'), now)).toBe('rule_country');
    expect(ruleDeclineFor(blockGb, none, pay(1, '7311', 'US'), now)).toBeNull();
  });

  it('single use: declined once anything is held or spent', () => {
    const r = rules({ singleUse: true });
    expect(ruleDeclineFor(r, none, pay(1), now)).toBeNull();
    expect(ruleDeclineFor(r, { ...none, life: { held: 1, spent: 0 } }, pay(1), now)).toBe('rule_single_use');
    expect(ruleDeclineFor(r, { ...none, life: { held: 0, spent: 1 } }, pay(1), now)).toBe('rule_single_use');
  });

  it('valid from (inclusive) until (exclusive), to the millisecond', () => {
    const r = rules({
      validFrom: now.toISOString(),
      validUntil: new Date(now.getTime() + 1_000).toISOString(),
    });
    expect(ruleDeclineFor(r, none, pay(1), new Date(now.getTime() - 1))).toBe('rule_not_yet_valid');
    expect(ruleDeclineFor(r, none, pay(1), now)).toBeNull();
    expect(ruleDeclineFor(r, none, pay(1), new Date(now.getTime() + 999))).toBeNull();
    expect(ruleDeclineFor(r, none, pay(1), new Date(now.getTime() + 1_000))).toBe('rule_validity_ended');
  });
});

describe('the contract', () => {
  it('maps codes and ranges to MCC groups, unknown ones to other', () => {
    expect(mccGroupOf('7311')).toBe('advertising');
    expect(mccGroupOf('3000')).toBe('travel');
    expect(mccGroupOf('3999')).toBe('travel');
    expect(mccGroupOf('5411')).toBe('food');
    expect(mccGroupOf('0001')).toBe('other');
  });

  it('refuses limits that shrink with the period and an empty validity', () => {
    expect(cardSpendRules.safeParse({ daily: 100, monthly: 99 }).success).toBe(false);
    expect(cardSpendRules.safeParse({ perAuthorization: 100, lifetime: 100 }).success).toBe(true);
    const at = now.toISOString();
    expect(cardSpendRules.safeParse({ validFrom: at, validUntil: at }).success).toBe(false);
    expect(cardSpendRules.safeParse({ daily: 0 }).success).toBe(false);
    expect(cardSpendRules.safeParse({ countries: { mode: 'allow', countries: ['usa'] } }).success).toBe(
      false,
    );
    const parsed = cardSpendRules.parse({ countries: { mode: 'allow', countries: ['us', 'US'] } });
    expect(parsed.countries).toEqual({ mode: 'allow', countries: ['US'] });
  });
});
