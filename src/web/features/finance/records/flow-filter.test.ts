import { describe, expect, it } from 'vitest';
import { activeFilters, EMPTY_FILTER, filterProblem, requestOf } from './flow-filter';

describe('requestOf', () => {
  it('sends nothing for an empty form', () => {
    expect(requestOf(EMPTY_FILTER)).toEqual({});
    expect(activeFilters(EMPTY_FILTER)).toBe(0);
  });

  it('sends only the filters that are set, trimmed', () => {
    const draft = {
      ...EMPTY_FILTER,
      type: 'card_recharge' as const,
      cardSerial: '  0042 ',
      txnNo: '   ',
      endDate: '2026-01-31',
    };
    expect(requestOf(draft)).toEqual({ type: 'card_recharge', cardSerial: '0042', endDate: '2026-01-31' });
    expect(activeFilters(draft)).toBe(3);
  });
});

describe('filterProblem', () => {
  it('refuses a range that ends before it starts, and unreadable dates', () => {
    const range = { ...EMPTY_FILTER, startDate: '2026-02-01', endDate: '2026-01-31' };
    expect(filterProblem(range)).toEqual({ field: 'endDate', key: 'validation.dateRange' });
    expect(filterProblem({ ...EMPTY_FILTER, startDate: '2026-02-30' })).toEqual({
      field: 'startDate',
      key: 'validation.date',
    });
  });

  it('accepts one-day and open ranges', () => {
    expect(filterProblem({ ...EMPTY_FILTER, startDate: '2026-01-31', endDate: '2026-01-31' })).toBeNull();
    expect(filterProblem({ ...EMPTY_FILTER, endDate: '2026-01-31' })).toBeNull();
  });
});
