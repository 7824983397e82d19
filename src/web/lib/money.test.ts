// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CURRENCY_SYMBOLS } from '../../contract/notices';
import { currencySymbol, formatMinor, formatMoney, MONEY_SYMBOLS, sumMinor } from './money';
import { safeRedirect } from './redirect';

describe('money (spec §3, ISO 4217 minor units)', () => {
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
  });

  it('shows each currency in its ISO 4217 minor units: whole yen and won (issue 34 §3)', () => {
    // The bug: a 5,000 JPY authorization (5000 minor units) read as "JPY 50.00".
    expect(formatMoney(5000, 'JPY')).toBe('JPY 5,000');
    expect(formatMoney(1234567, 'KRW')).toBe('KRW 1,234,567');
    expect(formatMoney(-5000, 'JPY', { sign: 'always' })).toBe('-JPY 5,000');
    expect(formatMoney(0, 'KRW', { sign: 'always' })).toBe('KRW 0');
    expect(formatMoney(150000, 'IDR')).toBe('IDR 1,500.00');
    expect(formatMoney(150000, 'INR')).toBe('INR 1,500.00');
    expect(formatMinor(5000, 'JPY')).toBe('5,000');
  });

  it('shows large values with every separator and cent', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(-123456789012, 'CNY')).toBe('-¥1,234,567,890.12');
    // Beyond 2^53 as bigint: no float rounding.
    expect(formatMinor(12345678901234567890n)).toBe('123,456,789,012,345,678.90');
  });

  it('signs ledger amounts on request, never zero', () => {
    expect(formatMoney(1000, 'USD', { sign: 'always' })).toBe('+$10.00');
    expect(formatMoney(-1000, 'USD', { sign: 'always' })).toBe('-$10.00');
    expect(formatMoney(0, 'USD', { sign: 'always' })).toBe('$0.00');
  });

  it('truncates fractional input (never sent by the API) and has no negative zero', () => {
    expect(formatMinor(12.9)).toBe('0.12');
    expect(formatMinor(-0.4)).toBe('0.00');
  });

  it('knows exactly the symbols of the contract (spec §3), other currencies show their code', () => {
    expect(MONEY_SYMBOLS).toEqual(CURRENCY_SYMBOLS);
    expect(currencySymbol('HKD')).toBe('HKD ');
  });

  it('sums amounts that may be absent', () => {
    expect(sumMinor([{ CNY: 5 }, {}, { CNY: 7 }], (r: { CNY?: number }) => r.CNY)).toBe(12);
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
