// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney } from './money';
import { safeRedirect } from './redirect';

describe('money (spec §3: hundredths, two decimals)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50000, '500.00'],
    [123456789, '1,234,567.89'],
    [-1050, '-10.50'],
  ])('%i minor units -> %s', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });

  it('puts the currency symbol first', () => {
    expect(formatMoney(50000, 'CNY')).toBe('¥500.00');
    expect(formatMoney(1234, 'USD')).toBe('$12.34');
    expect(formatMoney(-99, 'EUR')).toBe('-€0.99');
    expect(formatMoney(100, 'JPY')).toBe('JPY 1.00');
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/cardList?page=2', '/cardList?page=2'],
    ['https://evil.example/', '/home'],
    ['//evil.example/', '/home'],
    ['/\\evil.example', '/home'],
    ['/', '/home'],
    ['/signup', '/home'],
    [undefined, '/home'],
  ])('%j -> %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
