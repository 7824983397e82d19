/**
 * Local storage of the PWA (spec §3 "Stored items" plus the tokens). Every key the app writes is
 * listed here with the type it holds, so callers never parse strings themselves.
 *
 * The spec's `password` item is deliberately never written: the sign-in form uses
 * `autocomplete` attributes so the browser's password manager remembers passwords instead.
 */
import type { UserInfo } from '../../contract/account';

export type Lang = 'cn' | 'en';

/** Permission entry as the spec describes it (`Auths`: a list of permission ids). */
export interface AuthEntry {
  id: number;
}

export interface StoredValues {
  username: string;
  autoLogin: boolean;
  lang: Lang;
  userInfo: UserInfo;
  Auths: AuthEntry[];
  /** Route ids the menu may show. */
  AuthsMenu: number[];
  /** 1 = the signed-in user is a sub-account user. */
  subAccount: 0 | 1;
  subPermission: string[];
  /**
   * True while the user is a first-time user (the server's userNotice.firstVisit): the side menu
   * then pre-opens the finance, card and personal sections. Stored so the menu opens them at once
   * on the next load, before userNotice answers.
   */
  guide: boolean;
  /** Epoch ms of the user's last activity, written at most once a minute (spec §9; lib/activity.ts). */
  lastActivity: number;
  access_token: string;
  /** Expiry of the access token, epoch milliseconds. */
  access_overtime: number;
  refresh_token: string;
}

export type StorageKey = keyof StoredValues;

/**
 * Items that survive `clearStorage()`. The spec keeps username and autoLogin (and the password,
 * which we never store); the language is a device preference, not session data, so it is kept
 * too — otherwise signing out would flip an English user's sign-in page back to Chinese.
 */
const KEPT_ON_CLEAR: readonly StorageKey[] = ['username', 'autoLogin', 'lang'];

/**
 * Plain strings are stored as they are (so `lang` reads `cn`, not `"cn"`); everything else is JSON.
 */
const RAW_STRING_KEYS: ReadonlySet<StorageKey> = new Set<StorageKey>([
  'username',
  'lang',
  'access_token',
  'refresh_token',
]);

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Private modes and sandboxed frames can throw on access; behave as an empty storage.
    return null;
  }
}

export function getItem<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = store()?.getItem(key) ?? null;
  if (raw === null) return null;
  if (RAW_STRING_KEYS.has(key)) return raw as StoredValues[K];
  try {
    return JSON.parse(raw) as StoredValues[K];
  } catch {
    return null;
  }
}

export function setItem<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  const text = typeof value === 'string' && RAW_STRING_KEYS.has(key) ? value : JSON.stringify(value);
  try {
    store()?.setItem(key, text);
  } catch {
    // Quota or privacy errors: the app still works for this page's lifetime.
  }
}

export function removeItem(key: StorageKey): void {
  store()?.removeItem(key);
}

/** Clears the whole local storage except the items of KEPT_ON_CLEAR. */
export function clearStorage(): void {
  const s = store();
  if (!s) return;
  const kept = KEPT_ON_CLEAR.map((key) => [key, s.getItem(key)] as const);
  s.clear();
  for (const [key, value] of kept) {
    if (value !== null) s.setItem(key, value);
  }
}

/** Session storage key of the invitation code (spec §2: kept in session storage for sign-up). */
export const INVITE_CODE_KEY = 'inviteCode';
