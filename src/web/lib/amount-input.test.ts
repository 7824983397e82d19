import { describe, expect, it } from 'vitest';
import { amountProblem, cleanAmountInput, parseAmount, plainAmount } from './amount-input';

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
  it('keeps what was typed, so a wrong amount is refused rather than silently changed', () => {
    expect(cleanAmountInput('-600')).toBe('-600');
    expect(cleanAmountInput('600.123')).toBe('600.123');
    expect(cleanAmountInput('1e3')).toBe('1e3');
    expect(cleanAmountInput('1,000')).toBe('1,000');
  });

  it('reads full-width digits and points from Chinese keyboards', () => {
    expect(cleanAmountInput('５００．５')).toBe('500.5');
    expect(cleanAmountInput('１２。３４')).toBe('12.34');
  });
});

describe('amountProblem', () => {
  it.each([
    ['-600', 'amountNegative'],
    ['600.123', 'amountDecimals'],
    ['1e3', 'amount'],
    ['1,000', 'amount'],
    ['abc', 'amount'],
    ['', 'amount'],
    ['0', 'amountZero'],
    ['0.00', 'amountZero'],
  ])('%j -> %s', (text, problem) => {
    expect(amountProblem(text)).toBe(problem);
  });

  it('accepts a valid amount, and zero where a bound may be zero', () => {
    expect(amountProblem('600')).toBeNull();
    expect(amountProblem('600.12')).toBeNull();
    expect(amountProblem('0', { allowZero: true })).toBeNull();
  });
});

describe('plainAmount', () => {
  it('writes minor units with two decimals, no symbol and no grouping (for pasting)', () => {
    expect(plainAmount(11_000)).toBe('110.00');
    expect(plainAmount(123_456_789)).toBe('1234567.89');
    expect(plainAmount(7)).toBe('0.07');
  });
});
