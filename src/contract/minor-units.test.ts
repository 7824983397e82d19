import { describe, expect, it } from 'vitest';
import { currencyCode } from './core';
import { decimalToMinor, MINOR_DIGITS, minorDigits, minorToDecimal } from './minor-units';

describe('ISO 4217 minor units (issue 34 §3)', () => {
  it('knows every currency of spec §3, yen and won without decimals', () => {
    expect(Object.keys(MINOR_DIGITS).sort()).toEqual([...currencyCode.options].sort());
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KRW')).toBe(0);
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('IDR')).toBe(2);
    expect(minorDigits('XXX')).toBe(2);
  });

  it('writes minor units in the currency’s own places', () => {
    expect(minorToDecimal(5000, 'JPY')).toBe('5000');
    expect(minorToDecimal(5000, 'JPY', true)).toBe('5,000');
    expect(minorToDecimal(1234567, 'KRW', true)).toBe('1,234,567');
    expect(minorToDecimal(-12345, 'USD')).toBe('-123.45');
    expect(minorToDecimal(5, 'CNY')).toBe('0.05');
    expect(minorToDecimal(0, 'JPY')).toBe('0');
    expect(minorToDecimal(123456789012345678901n, 'EUR', true)).toBe('1,234,567,890,123,456,789.01');
  });

  it('reads a typed amount back in the currency’s places', () => {
    expect(decimalToMinor('5000', 'JPY')).toBe(5000);
    expect(decimalToMinor('50.5', 'JPY')).toBeNull();
    expect(decimalToMinor('12.5', 'USD')).toBe(1250);
    expect(decimalToMinor('12', 'USD')).toBe(1200);
    expect(decimalToMinor('1.234', 'USD')).toBeNull();
  });
});
