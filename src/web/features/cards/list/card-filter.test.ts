import { describe, expect, it } from 'vitest';
import { EMPTY_CARD_FILTER, filterProblem, requestOf, type CardFilterDraft } from './card-filter';

const draft = (patch: Partial<CardFilterDraft>): CardFilterDraft => ({ ...EMPTY_CARD_FILTER, ...patch });

describe('card list filters', () => {
  it('refuse a balance range whose minimum is above its maximum, with the spec message key', () => {
    expect(filterProblem(draft({ minBalance: '100', maxBalance: '99.99' }))).toEqual({
      field: 'minBalance',
      key: 'common:validation.balanceRange',
    });
    expect(filterProblem(draft({ minBalance: '100', maxBalance: '100' }))).toBeNull();
    expect(filterProblem(draft({ minBalance: '100' }))).toBeNull();
  });

  it('refuse unreadable days, a date range that ends before it starts, and last four that are not digits', () => {
    expect(filterProblem(draft({ startDate: '2026-02-30' }))?.key).toBe('common:validation.date');
    expect(filterProblem(draft({ startDate: '2026-02-01', endDate: '2026-01-31' }))).toEqual({
      field: 'endDate',
      key: 'cardList:filter.dateRange',
    });
    expect(filterProblem(draft({ last4: '12a' }))?.key).toBe('cards:validation.last4');
    expect(filterProblem(draft({ last4: '12345' }))?.field).toBe('last4');
  });

  it('send only the filters that are set, balances in minor units', () => {
    expect(requestOf(EMPTY_CARD_FILTER)).toEqual({});
    expect(
      requestOf(
        draft({
          status: 'frozen',
          segmentId: 'seg-1',
          label: 'Ads',
          minBalance: '10.5',
          maxBalance: '0.07',
          startDate: ' 2026-01-01 ',
          last4: ' 42 ',
        }),
      ),
    ).toEqual({
      status: 'frozen',
      segmentId: 'seg-1',
      label: 'Ads',
      minBalance: 1050,
      maxBalance: 7,
      startDate: '2026-01-01',
      last4: '42',
    });
  });
});
