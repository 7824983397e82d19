import { describe, expect, it } from 'vitest';
import { cleanAmountInput, parseAmount, plainAmount } from './amount-input';

describe('parseAmount: major units to integer minor units without float errors', () => {
  it.each([
    ['500', 50_000],
    ['500.1', 50_010],
    ['500.10', 50_010],
    ['0.07', 7],
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999 in floating point
    ['16000.01', 1_600_001],
    ['500.', 50_000],
    [' 110 ', 11_000],
    ['0009.9', 990],
    ['0.29', 29],
    ['1000.01', 100_001],
  ])('%j -> %d', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  it.each(['', '.', 'abc', '1.234', '1,000', '-5', '1e3', '12.3.4', '99999999999999'])(
    'refuses %j',
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );

  it('round-trips every amount up to 1000.00 exactly (where `Number(text) * 100` does not)', () => {
    expect(Number('0.07') * 100).not.toBe(7); // the trap this function exists for
    for (let minor = 0; minor <= 100_000; minor += 1) {
      if (parseAmount(plainAmount(minor)) !== minor) throw new Error(`${minor} did not round-trip`);
    }
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and one point with at most two decimals', () => {
    expect(cleanAmountInput('500.123')).toBe('500.12');
    expect(cleanAmountInput('5a0b0')).toBe('500');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('.5')).toBe('0.5');
    expect(cleanAmountInput('1,000.999')).toBe('1000.99');
  });

  it('drops commas rather than guessing what they mean', () => {
    expect(cleanAmountInput('1,000')).toBe('1000');
  });

  it('reads full-width digits and points from Chinese keyboards', () => {
    expect(cleanAmountInput('５００．５')).toBe('500.5');
    expect(cleanAmountInput('１２。３４')).toBe('12.34');
    expect(cleanAmountInput('１２.３４５')).toBe('12.34');
  });
});

describe('plainAmount', () => {
  it('writes minor units with two decimals, no symbol and no grouping (for pasting)', () => {
    expect(plainAmount(11_000)).toBe('110.00');
    expect(plainAmount(123_456_789)).toBe('1234567.89');
    expect(plainAmount(7)).toBe('0.07');
  });
});
