/**
 * Offline support of the PWA: the connectivity state, the "this needs the network" answer for
 * actions, and the clean-up at logout. What is kept offline is in snapshot.ts (IndexedDB through
 * idb-keyval) and in the service worker's `api-` caches (only `/api/enum/list`, see vite.config.ts).
 */
import { useSyncExternalStore } from 'react';
import { translate } from './i18n';
import { toastError } from './notify';

/** Prefix of every Cache Storage cache that holds API answers (vite.config.ts runtimeCaching). */
export const API_CACHE_PREFIX = 'api-';

export function isOnline(): boolean {
  // navigator.onLine is only trustworthy when false ("surely offline"); true may still mean a
  // captive portal, which the HTTP layer reports as a missing answer.
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/**
 * For actions that need the network (top up, open a card, refresh): when offline, says so and
 * answers false, so the caller does not start something that can only fail.
 */
export function ensureOnline(): boolean {
  if (isOnline()) return true;
  toastError(translate('common:catalogue.offline'));
  return false;
}

/**
 * Forgets everything kept for offline use: the IndexedDB snapshots and the service worker's API
 * caches. Called at logout, so the next person on this device sees nothing of this user.
 * Never throws: a browser without IndexedDB or Cache Storage simply has nothing to clear.
 */
export async function clearOfflineData(): Promise<void> {
  const idb = import('idb-keyval').then(({ clear }) => clear()).catch(() => undefined);
  const caches = clearApiCaches().catch(() => undefined);
  await Promise.all([idb, caches]);
}

async function clearApiCaches(): Promise<void> {
  if (typeof globalThis.caches === 'undefined') return;
  const names = await globalThis.caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(API_CACHE_PREFIX)).map((name) => globalThis.caches.delete(name)),
  );
}
