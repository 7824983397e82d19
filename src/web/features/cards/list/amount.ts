/**
 * Amounts typed in major units ("25.5") become integer minor units (2550) by reading the digits,
 * never by multiplying a float: 0.29 * 100 is 28.999999999999996.
 */
import { formatMinor } from '../../../lib/money';

/** At most 13 whole digits, so every amount stays a safe integer of minor units. */
const TYPED_AMOUNT = /^(\d{1,13})(?:\.(\d{0,2}))?$/;

/** "25.5" -> 2550, "0.07" -> 7, "12." -> 1200; empty, letters or 3 decimals -> null. */
export function toMinor(text: string): number | null {
  const match = TYPED_AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * What an amount field keeps while typing: digits and one point with two decimals at most.
 * Full-width digits and the ideographic point of Chinese keyboards become their ASCII forms.
 */
export function typedAmount(raw: string): string {
  const ascii = raw.replace(/[０-９]/g, (c) => String(c.charCodeAt(0) - 0xff10)).replace(/[．。]/g, '.');
  const [whole = '', ...rest] = ascii.replace(/[^\d.]/g, '').split('.');
  if (rest.length === 0) return whole;
  return `${whole === '' ? '0' : whole}.${rest.join('').slice(0, 2)}`;
}

/** 2550 -> "25.50": an amount put back into a field (no symbol, no grouping). */
export function fieldAmount(minor: number): string {
  return formatMinor(minor).replace(/,/g, '');
}
