/**
 * The offline snapshot of the home screen: the last wallet balances and account overview that
 * loaded, with the time they were saved, kept in IndexedDB (idb-keyval) per user. Offline, the home
 * screen shows it marked "as of <time>" instead of an empty page.
 *
 * Only these two payloads are kept: balances and aggregate figures, never a card number, a CVV or
 * a token. Logout removes every snapshot (offline.ts `clearOfflineData`).
 */
import { del, get, set } from 'idb-keyval';
import type { Overview } from '../../contract/account';
import type { Balances } from './wallet';

/** Bump when the stored shape changes; older snapshots are then ignored. */
const VERSION = 1;
const KEY_PREFIX = 'home-snapshot:';

export interface OfflineSnapshot {
  wallet: Balances;
  overview: Overview;
  /** Epoch ms when the figures were loaded from the server. */
  savedAt: number;
}

interface Stored extends OfflineSnapshot {
  v: number;
}

export function snapshotKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/**
 * Runs an idb-keyval call so that any failure is a rejection: without IndexedDB at all (jsdom,
 * some locked-down embedded browsers) idb-keyval throws synchronously, which `.catch` never sees.
 */
function idb<T>(operation: () => Promise<T>): Promise<T | undefined> {
  return Promise.resolve()
    .then(operation)
    .catch(() => undefined);
}

/** Saves the figures; a browser without IndexedDB (private mode) simply keeps none. */
export async function saveSnapshot(userId: string, snapshot: OfflineSnapshot): Promise<void> {
  const stored: Stored = { v: VERSION, ...snapshot };
  await idb(() => set(snapshotKey(userId), stored));
}

export async function loadSnapshot(userId: string): Promise<OfflineSnapshot | null> {
  const stored = await idb(() => get<Stored>(snapshotKey(userId)));
  if (!stored || stored.v !== VERSION || typeof stored.savedAt !== 'number') return null;
  const { wallet, overview, savedAt } = stored;
  return { wallet, overview, savedAt };
}

export async function clearSnapshot(userId: string): Promise<void> {
  await idb(() => del(snapshotKey(userId)));
}
