/**
 * Invitation codes (spec §2, §9): a 6-digit `code` query parameter is kept in session storage for
 * sign-up. With hash routing the parameter may sit before the hash (`/?code=123456#/signup`) or
 * inside it (`/#/signup?code=123456`); both are read.
 */
import { INVITE_CODE_KEY } from '../../lib/storage';

const INVITE_PATTERN = /^\d{6}$/;

export function readInviteCode(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, 'http://localhost');
  } catch {
    return null;
  }
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  const candidates = [new URLSearchParams(hashQuery).get('code'), url.searchParams.get('code')];
  return (
    candidates.find((code): code is string => code !== null && INVITE_PATTERN.test(code.trim()))?.trim() ??
    null
  );
}

/** Stores the code of the address, if any; an address without one keeps the stored code. */
export function captureInviteCode(href: string, storage: Storage = sessionStorage): string | null {
  const code = readInviteCode(href);
  if (code) storage.setItem(INVITE_CODE_KEY, code);
  return code;
}

export function storedInviteCode(storage: Storage = sessionStorage): string {
  return storage.getItem(INVITE_CODE_KEY) ?? '';
}

export function forgetInviteCode(storage: Storage = sessionStorage): void {
  storage.removeItem(INVITE_CODE_KEY);
}
