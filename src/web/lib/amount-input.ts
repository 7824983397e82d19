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
 * What an amount field keeps while typing: digits and one decimal point with at most two
 * decimals. Full-width digits and points (Chinese keyboards) count as their ASCII forms; commas
 * are dropped rather than guessed at (a thousands separator here, a decimal one elsewhere).
 */
export function cleanAmountInput(raw: string): string {
  const ascii = raw
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
    .replace(/[\uFF0E\u3002]/g, '.');
  let seenPoint = false;
  let decimals = 0;
  let out = '';
  for (const c of ascii) {
    if (c >= '0' && c <= '9') {
      if (seenPoint) {
        if (decimals === 2) continue;
        decimals += 1;
      }
      out += c;
    } else if (c === '.' && !seenPoint) {
      seenPoint = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}

/**
 * 11000 -> "110.00": an amount without symbol or grouping, for a field it pre-fills, a
 * placeholder, or a figure the customer pastes into a wallet app.
 */
export function plainAmount(minor: number): string {
  return formatMinor(minor).replace(/,/g, '');
}
