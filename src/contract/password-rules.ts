/**
 * The password policy (issue 18 §4), applied whenever a password is set (sign-up, reset, change,
 * a member's own password) by the server and, with the same code, by the PWA before sending.
 * Existing passwords are never re-checked: signing in takes whatever was accepted when it was set.
 *
 * - at least PASSWORD_MIN characters, at most PASSWORD_MAX;
 * - not one of the most common passwords: data/common-passwords.json, generated from the
 *   zxcvbn-ts common dictionary (tools/generate-common-passwords.ts), compared case-insensitively.
 */
import commonPasswords from './data/common-passwords.json';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 64;

const COMMON = new Set<string>(commonPasswords);

/** The generator's filter: only entries long enough to pass the length rule need listing. */
export function commonPasswordsFrom(dictionary: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const entry of dictionary) {
    const lower = entry.toLowerCase();
    if (lower.length >= PASSWORD_MIN && lower.length <= PASSWORD_MAX) seen.add(lower);
  }
  return [...seen];
}

/** How many of the most frequent entries the PWA's strength meter knows. */
export const METER_WORDS = 5000;

/** The generator's meter data: the top entries of any length, and the keyboard graphs. */
export function meterDataFrom(dictionary: readonly string[], graphs: unknown) {
  return { passwords: dictionary.slice(0, METER_WORDS), graphs };
}

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
