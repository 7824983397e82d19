/**
 * Card number checks done in the browser before anything is sent (issue 4 §2, bank card): 13 to
 * 19 digits passing the Luhn check, which catches every single-digit typo and most swaps.
 */

/** Keeps the digits of what was typed or pasted (spaces, dashes dropped), at most 19. */
export function cardDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 19);
}

/** "6222021234567890" -> "6222 0212 3456 7890", the way the number is printed on the card. */
export function groupCardDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
