/**
 * The password policy (issue 18 §4), applied whenever a password is set (sign-up, reset, change,
 * a member's own password) by the server and, with the same code, by the PWA before sending.
 * Existing passwords are never re-checked: signing in takes whatever was accepted when it was set.
 *
 * - at least PASSWORD_MIN characters, at most PASSWORD_MAX;
 * - not one of the most common passwords: data/common-passwords.json, generated from the
 *   zxcvbn-ts common dictionary (tools/generate-common-passwords.ts), compared case-insensitively.
 *
 * The list is 10 KB gzipped, and this file sits under every contract module, so it does not import
 * the list: common-passwords.ts does, and hands it over here when it is loaded. The server loads
 * it with its request parsing (server/lib/route.ts), so nothing it parses skips the check; the PWA
 * loads it with its password forms (PasswordStrength), so `/home` never downloads it. A form sent
 * before the list arrived is refused by the server with the same message.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 64;

let common: ReadonlySet<string> = new Set();

/** Called once by common-passwords.ts with the generated list. */
export function knowCommonPasswords(list: readonly string[]): void {
  common = new Set(list);
}

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
  return common.has(password.toLowerCase());
}
