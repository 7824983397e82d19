/**
 * Where uploaded bytes live (docs/architecture.md "Outside systems"). The default is a local
 * folder; an S3-compatible object store (s3-storage.ts) implements the same interface when several
 * machines serve one database. Keys are made by the server (`newId()`), never taken from a client.
 */
export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** Store bytes under a new key. A key is written once; writing it again is a bug and throws. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Remove the bytes (no error when they are already gone). */
  remove(key: string): Promise<void>;
}

/** Server-made ids only: letters, digits, `-` and `_`. Anything else never reaches a path. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

export function assertStorageKey(key: string): void {
  if (!KEY_SHAPE.test(key)) throw new Error('storage keys are server-made ids');
}

/**
 * What a provider throws when the store itself refuses or fails, the same for every provider, so
 * callers and logs never see a store's own error (which may carry its address or account). A key
 * that is not stored is no error: `get` answers null.
 */
export class StorageError extends Error {
  constructor(
    /** `exists`: the key is already stored; `store`: the store refused or could not be reached. */
    readonly reason: 'exists' | 'store',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}
