/**
 * Money display (spec §3, §9): amounts travel in the minor units of their currency (ISO 4217:
 * hundredths of CNY and USD, whole yen and won) and are shown in the currency's own decimals with
 * its symbol — "JPY 5,000" for 5000 JPY, "$50.00" for 5000 USD (issue 34 §3). Integer arithmetic
 * only — no float rounding surprises.
 */
import type { CurrencyCode } from '../../contract/core';
import { minorToDecimal } from '../../contract/minor-units';

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

/**
 * 123456 -> "1,234.56" (a currency with cents, the default); 5000, 'JPY' -> "5,000". Works on the
 * decimal digits, so values beyond 2^53 given as bigint keep every unit; fractional input (never
 * sent by the API) is truncated towards zero.
 */
export function formatMinor(minor: number | bigint, currency: CurrencyCode = 'CNY'): string {
  return minorToDecimal(minor, currency, true);
}

export interface MoneyFormat {
  /** 'always' puts a "+" before positive amounts (ledger entries); zero never gets a sign. */
  sign?: 'auto' | 'always';
}

/**
 * 123456, 'CNY' -> "¥1,234.56"; -99, 'EUR' -> "-€0.99"; 1000, 'USD', { sign: 'always' } -> "+$10.00";
 * 5000, 'JPY' -> "JPY 5,000".
 */
export function formatMoney(
  minor: number | bigint,
  currency: CurrencyCode,
  format: MoneyFormat = {},
): string {
  const text = formatMinor(minor, currency);
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
