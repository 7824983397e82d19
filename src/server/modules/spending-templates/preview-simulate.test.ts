import { describe, expect, it } from 'vitest';
import type { CardSpendRules } from '../../../contract/spending';
import { NO_SPEND_RULES } from '../../../contract/spending';
import type { PastAuthorization } from './preview-simulate';
import { simulateRules } from './preview-simulate';

// 2026-11-10 12:00 in Shanghai is 04:00 UTC.
const noon = (day: number) => new Date(Date.UTC(2026, 10, day, 4, 0, 0));

let n = 0;
function row(amount: number, at: Date, more: Partial<PastAuthorization> = {}): PastAuthorization {
  n += 1;
  return {
    id: `a${String(n).padStart(3, '0')}`,
    cardId: 'c1',
    amount,
    counted: amount,
    category: '7311',
    country: 'US',
    currency: 'USD',
    at,
    shown: true,
    ...more,
  };
}

const r = (rules: Partial<CardSpendRules>): CardSpendRules => ({ ...NO_SPEND_RULES, ...rules });
const run = (rules: CardSpendRules | null, rows: PastAuthorization[], monthlyBudget: number | null = null) =>
  simulateRules({ rules, monthlyBudget, rows, history: new Map() });

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
    const result = run(r({ daily: 1000 }), rows);
    expect(result.considered).toBe(5);
    expect(result.declined.map((d) => [d.id, d.rule])).toEqual([
      [rows[2]!.id, 'rule_daily'],
      [rows[3]!.id, 'rule_daily'],
    ]);
  });

  it('a declined authorization does not use up the limit for later ones', () => {
    const rows = [row(900, noon(3)), row(200, noon(4)), row(100, noon(5))];
    const result = run(r({ monthly: 1000 }), rows);
    expect(result.declined.map((d) => d.id)).toEqual([rows[1]!.id]);
  });

  it('reversed amounts do not count; months restart', () => {
    const rows = [
      row(900, noon(3), { counted: 0 }),
      row(1000, noon(4)),
      row(1000, new Date(Date.UTC(2026, 10, 30, 16, 0))),
    ];
    expect(run(r({ monthly: 1000 }), rows).declined).toEqual([]);
  });

  it('rows before the window build the counters but are not listed; lifetime starts from history', () => {
    const old = row(800, noon(1), { shown: false });
    const rows = [old, row(200, noon(12)), row(1, noon(13))];
    const result = simulateRules({
      rules: r({ monthly: 1000, lifetime: 5000 }),
      monthlyBudget: null,
      rows,
      history: new Map([['c1', { usedBefore: 4000 }]]),
    });
    expect(result.considered).toBe(2);
    expect(result.declined.map((d) => [d.id, d.rule])).toEqual([[rows[2]!.id, 'rule_monthly']]);
    const single = simulateRules({
      rules: r({ singleUse: true }),
      monthlyBudget: null,
      rows: [row(1, noon(12))],
      history: new Map([['c1', { usedBefore: 1 }]]),
    });
    expect(single.declined.map((d) => d.rule)).toEqual(['rule_single_use']);
  });

  it('a group budget is shared by the cards; each card keeps its own limits', () => {
    const rows = [
      row(600, noon(3), { cardId: 'x' }),
      row(400, noon(4), { cardId: 'y' }),
      row(1, noon(5), { cardId: 'x' }),
    ];
    expect(run(null, rows, 1000).declined.map((d) => [d.id, d.rule])).toEqual([
      [rows[2]!.id, 'group_budget'],
    ]);
    expect(run(r({ monthly: 600 }), rows).declined.map((d) => d.id)).toEqual([rows[2]!.id]);
    expect(run(null, rows, null).declined).toEqual([]);
    // Only the group's cards in the budget's currency count against it.
    const mixed = [row(900, noon(3), { cardId: 'x', currency: 'EUR' }), row(1000, noon(4), { cardId: 'y' })];
    expect(run(null, mixed, 1000).declined).toEqual([]);
  });

  it('a single-use card takes its first payment; a reversed one leaves it unused', () => {
    const rows = [row(5, noon(3), { counted: 0 }), row(7, noon(4)), row(9, noon(5))];
    expect(run(r({ singleUse: true }), rows).declined.map((d) => [d.id, d.rule])).toEqual([
      [rows[2]!.id, 'rule_single_use'],
    ]);
  });
});
