/**
 * Money display (spec §3, §9): amounts travel in minor units (hundredths) and are shown with two
 * decimals and the currency symbol. Integer arithmetic only — no float rounding surprises.
 *
 * Every currency is shown with two decimals, JPY and KRW included: the server sends hundredths for
 * all of them (spec §3 "the client divides each by 100"), so a third of a yen stays visible rather
 * than silently rounded away.
 */
import type { CurrencyCode } from '../../contract/core';

/**
 * Spec §3 names symbols for these four only; the others are shown with their code. Kept here
 * rather than imported from the contract (which would pull zod into every page that shows money);
 * money.test.ts checks that both lists agree.
 */
export const MONEY_SYMBOLS: Readonly<Partial<Record<CurrencyCode, string>>> = {
  CNY: '¥',
  USD: '$',
  GBP: '£',
  EUR: '€',
};

/** "¥" for CNY; "JPY " (code and a space) where the spec gives no symbol. */
export function currencySymbol(currency: CurrencyCode): string {
  return MONEY_SYMBOLS[currency] ?? `${currency} `;
}

/** Thousands separators on a string of digits: "1234567" -> "1,234,567". */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * 123456 -> "1,234.56". Works on the decimal digits, so values beyond 2^53 given as bigint keep
 * every cent; fractional input (never sent by the API) is truncated towards zero.
 */
export function formatMinor(minor: number | bigint): string {
  const whole = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  const negative = whole < 0n;
  const digits = (negative ? -whole : whole).toString().padStart(3, '0');
  const units = groupDigits(digits.slice(0, -2));
  return `${negative ? '-' : ''}${units}.${digits.slice(-2)}`;
}

export interface MoneyFormat {
  /** 'always' puts a "+" before positive amounts (ledger entries); zero never gets a sign. */
  sign?: 'auto' | 'always';
}

/** 123456, 'CNY' -> "¥1,234.56"; -99, 'EUR' -> "-€0.99"; 1000, 'USD', { sign: 'always' } -> "+$10.00". */
export function formatMoney(
  minor: number | bigint,
  currency: CurrencyCode,
  format: MoneyFormat = {},
): string {
  const text = formatMinor(minor);
  const negative = text.startsWith('-');
  const magnitude = negative ? text.slice(1) : text;
  const isZero = /^[0,.]+$/.test(magnitude);
  const sign = negative ? '-' : format.sign === 'always' && !isZero ? '+' : '';
  return `${sign}${currencySymbol(currency)}${magnitude}`;
}

/** Sums minor units of a currency over records that may lack it (absent = 0). */
export function sumMinor<T>(items: readonly T[], pick: (item: T) => number | undefined): number {
  return items.reduce((total, item) => total + (pick(item) ?? 0), 0);
}
