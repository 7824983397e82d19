/**
 * The Luhn check digit of card numbers (ISO/IEC 7812): catches a mistyped digit or two swapped
 * neighbours. Checked on the numbers customers type (top-up cards) and made by the sandbox issuer.
 */

/** Every second digit from the right doubled (the check digit itself is not), digits summed. */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  return luhnSum(digits) % 10 === 0;
}

/** The digit that makes `partial` + digit pass the Luhn check. */
export function luhnCheckDigit(partial: string): string {
  // With a 0 in the check digit's place, the sum falls short of a multiple of 10 by the digit.
  return String((10 - (luhnSum(`${partial}0`) % 10)) % 10);
}
