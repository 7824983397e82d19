/**
 * Money display (spec §3, §9): amounts travel in minor units (hundredths) and are shown with two
 * decimals and the currency symbol. Integer arithmetic only — no float rounding surprises.
 */
import type { CurrencyCode } from '../../contract/core';

const SYMBOLS: Partial<Record<CurrencyCode, string>> = { CNY: '¥', USD: '$', GBP: '£', EUR: '€' };

export function currencySymbol(currency: CurrencyCode): string {
  return SYMBOLS[currency] ?? `${currency} `;
}

/** 123456 -> "1,234.56" */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${cents}`;
}

/** 123456, 'CNY' -> "¥1,234.56" */
export function formatMoney(minor: number, currency: CurrencyCode): string {
  const text = formatMinor(minor);
  return text.startsWith('-')
    ? `-${currencySymbol(currency)}${text.slice(1)}`
    : `${currencySymbol(currency)}${text}`;
}
