/**
 * The first-load amount as typed (major units, "50.5") and as sent (integer minor units, 5050).
 * String arithmetic only: `0.07 * 100` is 7.000000000000001 in floating point, and such a value
 * must never reach the server.
 */
import { formatMinor } from '../../../lib/money';

/** Up to 13 whole digits keeps every amount in minor units a safe integer. */
const AMOUNT = /^(\d{1,13})(?:\.(\d{0,2}))?$/;

/** "50.5" -> 5050, "0.07" -> 7, "50." -> 5000; anything else (3 decimals, letters) -> null. */
export function parseAmount(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/**
 * What the amount input keeps while typing: digits and one point with at most two decimals.
 * Full-width digits and points (Chinese keyboards) count as their ASCII forms; anything else,
 * commas included, is dropped rather than guessed at.
 */
export function cleanAmountInput(raw: string): string {
  const ascii = raw
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
    .replace(/[\uFF0E\u3002]/g, '.');
  let out = '';
  let point = false;
  let decimals = 0;
  for (const c of ascii) {
    if (c >= '0' && c <= '9') {
      if (point && decimals === 2) continue;
      if (point) decimals += 1;
      out += c;
    } else if (c === '.' && !point) {
      point = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}

/** 5000 -> "50.00": the figure of an amount without symbol or grouping, for placeholders. */
export function plainAmount(minor: number): string {
  return formatMinor(minor).replace(/,/g, '');
}
