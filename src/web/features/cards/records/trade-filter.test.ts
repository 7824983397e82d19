import { describe, expect, it } from 'vitest';
import { activeFilterCount, draftForTab, EMPTY_TRADE_FILTER, filterProblem, requestOf } from './trade-filter';

describe('requestOf', () => {
  it('sends nothing for an empty form', () => {
    expect(requestOf(EMPTY_TRADE_FILTER, 'auth')).toEqual({});
    expect(activeFilterCount(EMPTY_TRADE_FILTER, 'auth')).toBe(0);
  });

  it('sends only the filters that are set, trimmed', () => {
    const draft = { ...EMPTY_TRADE_FILTER, last4: ' 0042 ', merchant: '   ', endDate: '2026-01-31' };
    expect(requestOf(draft, 'auth')).toEqual({ last4: '0042', endDate: '2026-01-31' });
    expect(activeFilterCount(draft, 'auth')).toBe(2);
  });

  it('leaves out a status the tab does not list', () => {
    const declined = { ...EMPTY_TRADE_FILTER, status: 'declined' as const };
    expect(requestOf(declined, 'auth')).toEqual({ status: 'declined' });
    expect(requestOf(declined, 'trade')).toEqual({});
    expect(requestOf({ ...EMPTY_TRADE_FILTER, status: 'pending' }, 'refuse')).toEqual({});
    expect(draftForTab(declined, 'trade').status).toBe('');
    expect(draftForTab({ ...EMPTY_TRADE_FILTER, status: 'refunded' }, 'trade').status).toBe('refunded');
  });
});

describe('filterProblem', () => {
  it('wants 1 to 4 digits of the card', () => {
    for (const last4 of ['4', '4821'])
      expect(filterProblem({ ...EMPTY_TRADE_FILTER, last4 }, 'auth')).toBeNull();
    for (const last4 of ['48a1', '48-1']) {
      expect(filterProblem({ ...EMPTY_TRADE_FILTER, last4 }, 'auth')).toEqual({
        field: 'last4',
        key: 'cards:validation.last4',
      });
    }
  });

  it('refuses unreadable days and a range that ends before it starts', () => {
    expect(filterProblem({ ...EMPTY_TRADE_FILTER, startDate: '2026-02-30' }, 'auth')).toEqual({
      field: 'startDate',
      key: 'validation.date',
    });
    expect(
      filterProblem({ ...EMPTY_TRADE_FILTER, startDate: '2026-02-01', endDate: '2026-01-31' }, 'trade'),
    ).toEqual({ field: 'endDate', key: 'validation.dateRange' });
    expect(
      filterProblem({ ...EMPTY_TRADE_FILTER, startDate: '2026-01-31', endDate: '2026-01-31' }, 'trade'),
    ).toBeNull();
  });
});
