/** Decimal amounts as the import's cells hold them. */
/** A decimal amount with at most two decimals, e.g. 10, 10.5, 10.00 (thousands commas allowed). */
const DECIMAL = /^\d+(\.\d{1,2})?$/;

/** Minor units of "10.00"-style text, or null when it is not such an amount. */
export function parseDecimal(text: string): number | null {
  const plain = text.replace(/[,\s]/g, '');
  if (!DECIMAL.test(plain)) return null;
  const [whole = '0', cents = ''] = plain.split('.');
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
