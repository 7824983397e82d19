/**
 * Offline snapshots: the last figures a page loaded, kept in IndexedDB (idb-keyval) per user and
 * per kind, with the time they were loaded, so that offline the page shows them marked with their
 * age instead of an empty screen. One key per kind per user (`<kind>-snapshot:<userId>`), each
 * record `{ v, savedAt, data }`.
 *
 * A kind declares what it keeps (`keep`: an explicit pick of the fields a page shows without
 * secrets) and a version; records of another version are ignored. On top of that, the store
 * refuses to write any record holding a field named like a card secret or a token: what leaves
 * this file for the disk never carries a card number, CVV, PIN, expiry or token, whatever a
 * caller passes. Logout removes every snapshot (offline.ts `clearOfflineData`).
 */
import { del, get, set } from 'idb-keyval';

/** The pages that keep a snapshot; each is one key per user. */
export type SnapshotKind = 'home' | 'cards';

export interface Snapshot<T> {
  data: T;
  /** Epoch ms when the data was loaded from the server. */
  savedAt: number;
}

interface Stored<T> extends Snapshot<T> {
  v: number;
}

export interface SnapshotStore<T> {
  save(userId: string, snapshot: Snapshot<T>): Promise<void>;
  load(userId: string): Promise<Snapshot<T> | null>;
  clear(userId: string): Promise<void>;
  key(userId: string): string;
}

/**
 * Field names that never reach the disk, compared without case, dashes or underscores: the full
 * card number under any of its names, the CVV, the PIN, the expiry the details sheet reveals, and
 * tokens.
 */
const SECRET_FIELD =
  /^(pan|cardno|cardnumber|number|cvv2?|cvc|pin|exp(iry)?(month|year)?|(access|refresh)?token)$/;

function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name.replace(/[-_]/g, '').toLowerCase());
}

/** The first field of `value` (at any depth) named like a secret, or null. */
export function secretFieldIn(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = secretFieldIn(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [name, inner] of Object.entries(value)) {
    if (isSecretField(name)) return name;
    const found = secretFieldIn(inner);
    if (found) return found;
  }
  return null;
}

export function snapshotKey(kind: SnapshotKind, userId: string): string {
  return `${kind}-snapshot:${userId}`;
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

/**
 * The store of one kind. `version`: bump it when the kept shape changes. `keep`: builds the record
 * from what the page loaded, field by field, so a field added to an API answer later is not kept
 * unless someone decides so here.
 */
export function snapshotStore<T>(
  kind: SnapshotKind,
  version: number,
  keep: (data: T) => T,
): SnapshotStore<T> {
  const key = (userId: string) => snapshotKey(kind, userId);
  return {
    key,
    async save(userId, { data, savedAt }) {
      const stored: Stored<T> = { v: version, savedAt, data: keep(data) };
      // A secret here is a bug in `keep`; keeping nothing is the safe answer to it.
      if (secretFieldIn(stored.data) !== null) return;
      // A browser without IndexedDB (private mode) simply keeps none.
      await idb(() => set(key(userId), stored));
    },
    async load(userId) {
      const stored = await idb(() => get<Stored<T>>(key(userId)));
      if (!stored || stored.v !== version || typeof stored.savedAt !== 'number' || !('data' in stored))
        return null;
      return { data: stored.data, savedAt: stored.savedAt };
    },
    async clear(userId) {
      await idb(() => del(key(userId)));
    },
  };
}
