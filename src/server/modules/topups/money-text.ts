/** Amounts inside server messages ("¥16,000.00"); the PWA formats its own figures. */
import { CURRENCY_SYMBOLS } from '../../../contract/notices';
import type { CurrencyCode } from '../../../contract/core';

export function moneyText(amount: number, currency: CurrencyCode): string {
  const whole = Math.trunc(amount / 100).toLocaleString('en-US');
  const cents = String(amount % 100).padStart(2, '0');
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol ? `${symbol}${whole}.${cents}` : `${currency} ${whole}.${cents}`;
}
