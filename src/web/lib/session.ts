/**
 * The session: tokens and the signed-in user. Local storage is the source of truth (it survives
 * reloads and is what the HTTP layer reads outside React); the jotai atoms mirror it so components
 * re-render when it changes. Always change the session through these functions.
 */
import { atom, createStore } from 'jotai';
import type { UserInfo } from '../../contract/account';
import type { Tokens } from '../../contract/auth';
import { storeAccess } from './permissions';
import { clearStorage, getItem, removeItem, setItem } from './storage';

/** The one jotai store of the app, so non-React code (http.ts) can update atoms too. */
export const appStore = createStore();

export function readTokens(): Tokens | null {
  const access_token = getItem('access_token');
  const refresh_token = getItem('refresh_token');
  const access_overtime = getItem('access_overtime');
  if (!access_token || !refresh_token) return null;
  return { access_token, refresh_token, access_overtime: access_overtime ?? 0 };
}

export const tokensAtom = atom<Tokens | null>(readTokens());
export const userInfoAtom = atom<UserInfo | null>(getItem('userInfo'));
/**
 * Counts the grants stored (lib/permissions.ts): whatever shows or hides by permission — menus,
 * `<Can>` — subscribes to it and re-renders when the server sent new rights.
 */
export const accessAtom = atom(0);

function saveAccess(grant: Parameters<typeof storeAccess>[0]): void {
  if (storeAccess(grant)) appStore.set(accessAtom, (n) => n + 1);
}

export function hasAccessToken(): boolean {
  return getItem('access_token') !== null;
}

export function saveTokens(tokens: Tokens): void {
  setItem('access_token', tokens.access_token);
  setItem('access_overtime', tokens.access_overtime);
  setItem('refresh_token', tokens.refresh_token);
  // Sign-in answers carry the grant too, so the first page is guarded by the server's rights.
  saveAccess(tokens);
  const { access_token, access_overtime, refresh_token } = tokens;
  appStore.set(tokensAtom, { access_token, access_overtime, refresh_token });
}

/** Stores the user info and the rights the server sent with it (lib/permissions.ts). */
export function saveUserInfo(info: UserInfo): void {
  setItem('userInfo', info);
  saveAccess(info);
  appStore.set(userInfoAtom, info);
}

/** "Remember me" keeps only the user name (spec: autoLogin), never the password. */
export function rememberUsername(username: string, remember: boolean): void {
  setItem('autoLogin', remember);
  if (remember) setItem('username', username);
  else removeItem('username');
}

type SessionEndListener = () => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** Lets the app (router, query cache, wallet) react when the session ends, without import cycles. */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * Forgets the session locally: storage (except the kept items), atoms, listeners' state, and the
 * offline data (IndexedDB snapshots, the service worker's API caches) so the next person on this
 * device sees nothing of this user — whatever ended the session: logout, inactivity or a forced
 * sign-in. The returned promise settles when the offline data is gone; it never rejects.
 */
export function endSession(): Promise<void> {
  clearStorage();
  appStore.set(tokensAtom, null);
  appStore.set(userInfoAtom, null);
  for (const listener of sessionEndListeners) listener();
  // Loaded on demand: idb-keyval has no place in the sign-in page's bundle.
  return import('./offline').then(
    ({ clearOfflineData }) => clearOfflineData(),
    () => undefined,
  );
}
