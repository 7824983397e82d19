/**
 * Amounts the customer types in major units ("500.1") and the integer minor units (50010) the API
 * takes. String arithmetic only: `0.07 * 100` is 7.000000000000001 in floating point, and such a
 * value must never reach the server.
 */
import { formatMinor } from './money';

/** Up to 13 whole digits keeps every amount (in minor units) a safe integer. */
const AMOUNT = /^(\d{1,13})(?:\.(\d{0,2}))?$/;

/** "500.1" -> 50010, "0.07" -> 7, "500." -> 50000; anything else (3 decimals, letters) -> null. */
export function parseAmount(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(cents);
}

/**
 * What an amount field keeps while typing: exactly what was typed, with full-width digits and
 * points (Chinese keyboards) read as their ASCII forms. Nothing else is changed: quietly turning
 * `-600` into 600 or `600.123` into 600.12 would move a different sum than the customer typed
 * (issue 18 §4), so such text stays visible and `amountProblem` says what is wrong with it.
 */
export function cleanAmountInput(raw: string): string {
  return raw
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
    .replace(/[\uFF0E\u3002]/g, '.');
}

/** Why a typed amount cannot be used, as a key of `common:validation.*`; null when it can. */
export type AmountProblem = 'amount' | 'amountNegative' | 'amountDecimals' | 'amountZero';

export function amountProblem(text: string, options: { allowZero?: boolean } = {}): AmountProblem | null {
  const trimmed = text.trim();
  const minor = parseAmount(trimmed);
  if (minor === null) {
    if (/^-\s*\d/.test(trimmed)) return 'amountNegative';
    if (/^\d+\.\d{3,}$/.test(trimmed)) return 'amountDecimals';
    return 'amount';
  }
  if (minor === 0 && !options.allowZero) return 'amountZero';
  return null;
}

/** The translation key of what is wrong with `text` (`common:validation.amount` at worst). */
export function amountErrorKey(text: string, options: { allowZero?: boolean } = {}): string {
  return `common:validation.${amountProblem(text, options) ?? 'amount'}`;
}

/**
 * 11000 -> "110.00": an amount without symbol or grouping, for a field it pre-fills, a
 * placeholder, or a figure the customer pastes into a wallet app.
 */
export function plainAmount(minor: number): string {
  return formatMinor(minor).replace(/,/g, '');
}
