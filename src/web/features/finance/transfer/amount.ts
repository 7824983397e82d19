/**
 * Amounts typed in major units ("1,234.50" dollars) to the integer minor units the API takes, and
 * back for pre-filled forms. Works on the digits as text, so 0.1 + 0.2 style float errors cannot
 * change a cent.
 */

/** "1,234.5" -> 123450. Null for anything that is not a plain amount with at most two decimals. */
export function parseMajor(text: string): number | null {
  // Spaces and thousands separators are how people copy amounts from bank receipts.
  const cleaned = text.trim().replace(/[\s,]/g, '');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match || !/\d/.test(cleaned)) return null;
  const whole = match[1] ?? '';
  const cents = (match[2] ?? '').padEnd(2, '0');
  const minor = Number(`${whole}${cents}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 123450 -> "1234.50": the text a form field shows for an amount it is pre-filled with. */
export function minorToMajorText(minor: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
