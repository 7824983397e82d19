/**
 * Amounts inside server messages ("¥16,000.00", "JPY 5,000"): in the currency's ISO 4217 minor
 * units (issue 34 §3); the PWA formats its own figures the same way.
 */
import { CURRENCY_SYMBOLS } from '../../../contract/notices';
import type { CurrencyCode } from '../../../contract/core';
import { minorToDecimal } from '../../../contract/minor-units';

export function moneyText(amount: number, currency: CurrencyCode): string {
  const text = minorToDecimal(amount, currency, true);
  const negative = text.startsWith('-');
  const magnitude = negative ? text.slice(1) : text;
  const symbol = CURRENCY_SYMBOLS[currency];
  return `${negative ? '-' : ''}${symbol ?? `${currency} `}${magnitude}`;
}
