/** How card numbers and expiry dates are written on screen. */

/** "•••• 1234": the last four digits, the only part of a number a list ever shows. */
export function maskedLast4(last4: string): string {
  return `•••• ${last4}`;
}

/** "4111111111111111" -> "4111 1111 1111 1111" (groups of four, as printed on cards). */
export function groupedPan(pan: string): string {
  return pan.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 3, 2029 -> "03/29", the MM/YY a checkout form asks for. */
export function expiryText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
