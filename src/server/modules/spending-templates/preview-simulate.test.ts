import { describe, expect, it } from 'vitest';
import type { RuleSet } from '../../../contract/spending-rule-set';
import type { PastAuthorization } from './preview-simulate';
import { simulateRules } from './preview-simulate';
import { spendRuleDecline } from './rule-evaluation';

// 2026-11-10 12:00 in Shanghai is 04:00 UTC.
const noon = (day: number) => new Date(Date.UTC(2026, 10, day, 4, 0, 0));

let n = 0;
function row(amount: number, at: Date, more: Partial<PastAuthorization> = {}): PastAuthorization {
  n += 1;
  return { id: `a${String(n).padStart(3, '0')}`, cardId: 'c1', amount, counted: amount, category: '7311', country: 'US', at, shown: true, ...more };
}

const run = (rules: RuleSet | null, rows: PastAuthorization[], monthlyBudget: number | null = null) =>
  simulateRules({ rules, monthlyBudget, rows, history: new Map() });

const facts = { category: '7311', country: 'US', at: noon(10), spentToday: 0, spentThisMonth: 0, spentLifetime: 0, usedBefore: false };

describe('the rule evaluation', () => {
  it('a limit reached exactly passes; one minor unit over declines', () => {
    expect(spendRuleDecline({ perAuthorization: 1000 }, { ...facts, amount: 1000 })).toBeNull();
    expect(spendRuleDecline({ perAuthorization: 1000 }, { ...facts, amount: 1001 })).toBe('per_authorization');
    expect(spendRuleDecline({ perDay: 1000 }, { ...facts, amount: 400, spentToday: 600 })).toBeNull();
    expect(spendRuleDecline({ perDay: 1000 }, { ...facts, amount: 401, spentToday: 600 })).toBe('per_day');
    expect(spendRuleDecline({ perMonth: 1000 }, { ...facts, amount: 1, spentThisMonth: 1000 })).toBe('per_month');
    expect(spendRuleDecline({ lifetime: 1000 }, { ...facts, amount: 1, spentLifetime: 999 })).toBeNull();
    expect(spendRuleDecline({ lifetime: 1000 }, { ...facts, amount: 2, spentLifetime: 999 })).toBe('lifetime');
  });

  it('categories and countries allow or block by group and code', () => {
    const ads: RuleSet = { categories: { mode: 'allow', groups: ['advertising'] } };
    expect(spendRuleDecline(ads, { ...facts, amount: 1 })).toBeNull();
    expect(spendRuleDecline(ads, { ...facts, amount: 1, category: '5734' })).toBe('category');
    expect(spendRuleDecline(ads, { ...facts, amount: 1, category: '' })).toBe('category');
    const noTravel: RuleSet = { categories: { mode: 'block', groups: ['travel'] } };
    expect(spendRuleDecline(noTravel, { ...facts, amount: 1, category: '3000' })).toBe('category');
    expect(spendRuleDecline(noTravel, { ...facts, amount: 1, category: '3999' })).toBe('category');
    expect(spendRuleDecline(noTravel, { ...facts, amount: 1, category: '4000' })).toBeNull();
    const usEu: RuleSet = { countries: { mode: 'allow', codes: ['US', 'DE'] } };
    expect(spendRuleDecline(usEu, { ...facts, amount: 1, country: 'de' })).toBeNull();
    expect(spendRuleDecline(usEu, { ...facts, amount: 1, country: 'CN' })).toBe('country');
    expect(spendRuleDecline({ countries: { mode: 'block', codes: ['CN'] } }, { ...facts, amount: 1, country: 'CN' })).toBe('country');
  });

  it('valid from is inclusive, valid until exclusive; single use takes one', () => {
    const window: RuleSet = { validFrom: '2026-11-10T04:00:00Z', validUntil: '2026-11-11T04:00:00Z' };
    expect(spendRuleDecline(window, { ...facts, amount: 1, at: new Date('2026-11-10T03:59:59.999Z') })).toBe('not_yet_valid');
    expect(spendRuleDecline(window, { ...facts, amount: 1, at: new Date('2026-11-10T04:00:00Z') })).toBeNull();
    expect(spendRuleDecline(window, { ...facts, amount: 1, at: new Date('2026-11-11T04:00:00Z') })).toBe('no_longer_valid');
    expect(spendRuleDecline({ singleUse: true }, { ...facts, amount: 1 })).toBeNull();
    expect(spendRuleDecline({ singleUse: true }, { ...facts, amount: 1, usedBefore: true })).toBe('single_use');
  });
});

describe('the preview replay', () => {
  it('day limit: counts per day of the account calendar (Shanghai), a declined one holds nothing', () => {
    const rows = [
      row(600, noon(10)),
      row(400, noon(10)), // reaches 1000 exactly: passes
      row(1, noon(10)), // over: declined
      // 23:59 Shanghai on the 10th is still the 10th; 00:00 on the 11th is a new day.
      row(1, new Date(Date.UTC(2026, 10, 10, 15, 59))),
      row(1000, new Date(Date.UTC(2026, 10, 10, 16, 0))),
    ];
    const result = run({ perDay: 1000 }, rows);
    expect(result.considered).toBe(5);
    expect(result.declined.map((d) => [d.id, d.rule])).toEqual([
      [rows[2]!.id, 'per_day'],
      [rows[3]!.id, 'per_day'],
    ]);
  });

  it('a declined authorization does not use up the limit for later ones', () => {
    const rows = [row(900, noon(3)), row(200, noon(4)), row(100, noon(5))];
    const result = run({ perMonth: 1000 }, rows);
    expect(result.declined.map((d) => d.id)).toEqual([rows[1]!.id]);
  });

  it('refunded or reversed amounts do not count; months restart', () => {
    const rows = [row(900, noon(3), { counted: 0 }), row(1000, noon(4)), row(1000, new Date(Date.UTC(2026, 10, 30, 16, 0)))];
    expect(run({ perMonth: 1000 }, rows).declined).toEqual([]);
  });

  it('rows before the window build the counters but are not listed; lifetime starts from history', () => {
    const old = row(800, noon(1), { shown: false });
    const rows = [old, row(200, noon(12)), row(1, noon(13))];
    const result = simulateRules({
      rules: { perMonth: 1000, lifetime: 5000 },
      monthlyBudget: null,
      rows,
      history: new Map([['c1', { spentBefore: 4000, usedBefore: true }]]),
    });
    expect(result.considered).toBe(2);
    expect(result.declined.map((d) => [d.id, d.rule])).toEqual([[rows[2]!.id, 'per_month']]);
    const single = simulateRules({ rules: { singleUse: true }, monthlyBudget: null, rows: [row(1, noon(12))], history: new Map([['c1', { spentBefore: 1, usedBefore: true }]]) });
    expect(single.declined.map((d) => d.rule)).toEqual(['single_use']);
  });

  it('a group budget is shared by the cards; each card keeps its own limits', () => {
    const rows = [
      row(600, noon(3), { cardId: 'x' }),
      row(400, noon(4), { cardId: 'y' }),
      row(1, noon(5), { cardId: 'x' }),
    ];
    expect(run(null, rows, 1000).declined.map((d) => [d.id, d.rule])).toEqual([[rows[2]!.id, 'group_budget']]);
    expect(run({ perMonth: 600 }, rows).declined.map((d) => d.id)).toEqual([rows[2]!.id]);
    expect(run(null, rows, null).declined).toEqual([]);
  });
});
