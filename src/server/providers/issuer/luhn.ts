/** Card-number arithmetic of the sandbox issuer: Luhn check digits (ISO/IEC 7812). */

/** The digit that makes `partial` + digit pass the Luhn check. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    // Counting from the right of the final number, the check digit is position 1 (not doubled),
    // so the rightmost digit of `partial` is doubled.
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}
