/**
 * How many decimals each currency's minor unit has (ISO 4217, issue 34 §3): amounts travel as
 * integers of the currency's own minor unit — cents of a dollar, fen of a yuan, but whole yen and
 * whole won — so 5,000 JPY is 5000, not 500000, and is shown "JPY 5,000", not "JPY 50.00".
 * Wallets hold CNY and USD only, so "the server sends hundredths" (spec §3) stays true of them.
 *
 * No zod here: the PWA's money formatting imports this table without the schemas.
 */
import type { CurrencyCode } from './core';

/** ISO 4217 minor-unit exponents of the currencies of spec §3. */
export const MINOR_DIGITS = {
  CNY: 2,
  USD: 2,
  GBP: 2,
  EUR: 2,
  JPY: 0,
  AUD: 2,
  HKD: 2,
  CAD: 2,
  KRW: 0,
  INR: 2,
  IDR: 2,
} as const satisfies Record<CurrencyCode, number>;

/** The decimals of `currency`'s minor unit; 2 for a code outside the table (most currencies). */
export function minorDigits(currency: string): number {
  return (MINOR_DIGITS as Record<string, number>)[currency] ?? 2;
}

/** Thousands separators on a string of digits: "1234567" -> "1,234,567". */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Minor units as a decimal in the currency's own places, exactly (digit strings, so a bigint keeps
 * every unit): (-12345, 'USD') -> "-123.45", (5000, 'JPY') -> "5000". `grouped` adds thousands
 * separators ("1,234.56"). Fractional input (never sent) is truncated towards zero.
 */
export function minorToDecimal(minor: number | bigint, currency: string, grouped = false): string {
  const places = minorDigits(currency);
  const whole = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  const negative = whole < 0n;
  const digits = (negative ? -whole : whole).toString().padStart(places + 1, '0');
  const integer = digits.slice(0, digits.length - places);
  const units = grouped ? groupDigits(integer) : integer;
  const fraction = places > 0 ? `.${digits.slice(-places)}` : '';
  return `${negative ? '-' : ''}${units}${fraction}`;
}

/** A decimal typed in major units ("12.5", "5000") as minor units of `currency`; null when it is not one. */
export function decimalToMinor(text: string, currency: string): number | null {
  const places = minorDigits(currency);
  const pattern = places > 0 ? new RegExp(`^(\\d{1,13})(?:\\.(\\d{1,${places}}))?$`) : /^(\d{1,15})$/;
  const match = pattern.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0') || '0');
}
