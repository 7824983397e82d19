import { describe, expect, it } from 'vitest';
import { NO_SPEND_RULES } from '@contract/spending';
import { countryCodes, draftOf, EMPTY_DRAFT, rulesOf } from './rules-draft';

describe('the spending-rules form', () => {
  it('turns typed amounts, lists and days into the rule set, and back', () => {
    const { rules, errors } = rulesOf({
      ...EMPTY_DRAFT,
      perAuthorization: '50',
      monthly: '1000.5',
      categoryMode: 'allow',
      categories: ['advertising'],
      countryMode: 'allow',
      countries: 'us, de',
      validFrom: '2026-12-01',
      validThrough: '2026-12-31',
    });
    expect(errors).toEqual({});
    expect(rules).toEqual({
      ...NO_SPEND_RULES,
      perAuthorization: 5000,
      monthly: 100050,
      categories: { mode: 'allow', groups: ['advertising'] },
      countries: { mode: 'allow', countries: ['US', 'DE'] },
      validFrom: '2026-11-30T16:00:00.000Z',
      validUntil: '2026-12-31T16:00:00.000Z',
    });
    const back = draftOf({ ...NO_SPEND_RULES, ...rules! } as never);
    expect([back.perAuthorization, back.monthly, back.validFrom, back.validThrough]).toEqual([
      '50.00',
      '1,000.50'.replace(/,/g, ''),
      '2026-12-01',
      '2026-12-31',
    ]);
  });

  it('says what is wrong per field and gives no rule set', () => {
    const { rules, errors } = rulesOf({
      ...EMPTY_DRAFT,
      daily: '100',
      monthly: '50',
      lifetime: 'abc',
      categoryMode: 'block',
      countryMode: 'allow',
      countries: 'USA',
      validFrom: '2026-12-02',
      validThrough: '2026-12-01',
    });
    expect(rules).toBeNull();
    expect(errors).toEqual({
      monthly: 'spending:validation.limitOrder',
      lifetime: 'common:validation.amount',
      categories: 'spending:validation.categoriesEmpty',
      countries: 'spending:validation.country',
      validThrough: 'spending:validation.validOrder',
    });
  });

  it('EU stands for its members', () => {
    expect(countryCodes('US EU').length).toBe(28);
    expect(countryCodes('us，de、us')).toEqual(['US', 'DE']);
  });
});
