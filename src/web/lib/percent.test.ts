import { describe, expect, it } from 'vitest';
import { percentOfBp } from './percent';

describe('percentOfBp', () => {
  it('writes basis points as a percentage with at most two decimals', () => {
    expect(percentOfBp(150)).toBe('1.5%');
    expect(percentOfBp(1000)).toBe('10%');
    expect(percentOfBp(9750)).toBe('97.5%');
    expect(percentOfBp(1234)).toBe('12.34%');
    expect(percentOfBp(2)).toBe('0.02%');
    expect(percentOfBp(0)).toBe('0%');
    expect(percentOfBp(10_000)).toBe('100%');
    expect(percentOfBp(-5)).toBe('-0.05%');
    expect(percentOfBp(-250)).toBe('-2.5%');
  });

  it('says what the percent style of Intl.NumberFormat says, in both languages', () => {
    for (const locale of ['zh-CN', 'en']) {
      const intl = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
      for (const bp of [0, 1, 2, 10, 99, 150, 500, 850, 999, 1234, 5000, 9999])
        expect(percentOfBp(bp)).toBe(intl.format(bp / 10_000));
    }
  });
});
