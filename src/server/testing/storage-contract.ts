/**
 * What every storage provider must do, as one suite that each provider's test file runs against a
 * real store of its kind (local-folder-storage.test.ts, s3-storage.test.ts). A provider that passes
 * it can replace another without the upload code noticing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageProvider } from '../providers/storage/storage-provider';
import { StorageError } from '../providers/storage/storage-provider';

export interface StorageFixture {
  /** A new provider instance on the same store, as another server process would make it. */
  open(): StorageProvider;
  /** The keys in the store, read from the store itself rather than through a provider. */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
}

/** A server-made key, as `newId()` makes them; a new one for every use, since tests share a store. */
const freshKey = () => randomBytes(12).toString('base64url');

const MIB = 1024 * 1024;

export function describeStorageContract(name: string, start: () => Promise<StorageFixture>): void {
  describe(`${name}: the storage provider contract`, () => {
    let store: StorageFixture;
    let storage: StorageProvider;
    beforeAll(async () => {
      store = await start();
      storage = store.open();
    });
    afterAll(async () => store?.close());

    it('gives back exactly the bytes it was given, every byte value included, until they are removed', async () => {
      const key = freshKey();
      const bytes = new Uint8Array(4096);
      for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
      bytes.set(randomBytes(1024), 2048);
      await storage.put(key, bytes);
      expect(await store.storedKeys()).toContain(key);
      const read = await storage.get(key);
      expect(read).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(read ?? []).equals(Buffer.from(bytes))).toBe(true);
      await storage.remove(key);
      expect(await storage.get(key)).toBeNull();
      expect(await store.storedKeys()).not.toContain(key);
    });

    it('stores a large object (8 MiB) byte for byte', async () => {
      const key = freshKey();
      const bytes = new Uint8Array(randomBytes(8 * MIB));
      await storage.put(key, bytes);
      const read = await storage.get(key);
      expect(read?.length).toBe(bytes.length);
      expect(Buffer.from(read ?? []).equals(Buffer.from(bytes))).toBe(true);
      await storage.remove(key);
    });

    it('answers null for a key never stored, and removing it is no error', async () => {
      const key = freshKey();
      expect(await storage.get(key)).toBeNull();
      await expect(storage.remove(key)).resolves.toBeUndefined();
      expect(await store.storedKeys()).not.toContain(key);
    });

    it('never overwrites a key: the second write fails as "exists" and the first bytes stay', async () => {
      const key = freshKey();
      await storage.put(key, new Uint8Array([1]));
      const second = storage.put(key, new Uint8Array([2]));
      await expect(second).rejects.toBeInstanceOf(StorageError);
      await expect(second).rejects.toMatchObject({ reason: 'exists' });
      expect(await storage.get(key)).toEqual(new Uint8Array([1]));
      expect((await store.storedKeys()).filter((k) => k === key)).toHaveLength(1);
    });

    it('refuses any key that is not a server-made id, for every operation, storing nothing', async () => {
      const before = await store.storedKeys();
      const hostile = [
        '../../etc/passwd',
        'a/b/c/d/e',
        '..',
        '',
        'x\u0000y12345678',
        '%2e%2e%2f12345',
        'short',
      ];
      for (const key of [...hostile, 'abcdefgh?x=1', 'abcdefgh#frag', 'abc defgh', `${'a'.repeat(65)}`]) {
        await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/server-made/);
        await expect(storage.get(key)).rejects.toThrow(/server-made/);
        await expect(storage.remove(key)).rejects.toThrow(/server-made/);
      }
      expect((await store.storedKeys()).sort()).toEqual(before.sort());
    });

    it('keeps concurrent writes of different keys apart', async () => {
      const items = Array.from({ length: 16 }, (_, i) => ({
        key: freshKey(),
        bytes: new Uint8Array(randomBytes(1000 + i * 997)),
      }));
      await Promise.all(items.map((item) => storage.put(item.key, item.bytes)));
      const read = await Promise.all(items.map((item) => storage.get(item.key)));
      read.forEach((bytes, i) =>
        expect(Buffer.from(bytes ?? []).equals(Buffer.from(items[i]!.bytes))).toBe(true),
      );
      await Promise.all(items.map((item) => storage.remove(item.key)));
      const left = await store.storedKeys();
      for (const item of items) expect(left).not.toContain(item.key);
    });

    it('shares one store between two instances: each sees what the other wrote and removed', async () => {
      const first = store.open();
      const second = store.open();
      const key = freshKey();
      const bytes = new Uint8Array(randomBytes(2048));
      await first.put(key, bytes);
      expect(Buffer.from((await second.get(key)) ?? []).equals(Buffer.from(bytes))).toBe(true);
      await expect(second.put(key, new Uint8Array([9]))).rejects.toMatchObject({ reason: 'exists' });
      await second.remove(key);
      expect(await first.get(key)).toBeNull();
    });
  });
}
