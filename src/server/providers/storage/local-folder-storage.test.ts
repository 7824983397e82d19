import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFolderStorage } from './local-folder-storage';
import { describeStorageContract } from '../../testing/storage-contract';

const base = mkdtempSync(join(tmpdir(), 'storage-test-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describeStorageContract('local folder', async () => {
  const folder = join(base, 'contract', 'uploads');
  return {
    // Each instance on the same folder, as two server processes on one DATA_DIR.
    open: () => createLocalFolderStorage(folder),
    storedKeys: async () => {
      try {
        return readdirSync(folder).filter((name) => !name.startsWith('.'));
      } catch {
        return [];
      }
    },
    close: async () => undefined,
  };
});

describe('local folder storage', () => {
  it('keeps each key in one file readable by the server’s user only', async () => {
    const storage = createLocalFolderStorage(join(base, 'a', 'uploads'));
    await storage.put('Abc_def-12345678', new Uint8Array([1, 2, 3]));
    expect(readdirSync(storage.root)).toEqual(['Abc_def-12345678']);
    expect(statSync(storage.pathOf('Abc_def-12345678')).mode & 0o777).toBe(0o600);
    await storage.remove('Abc_def-12345678');
    expect(readdirSync(storage.root)).toEqual([]);
  });

  it('leaves no temporary file behind when it refuses to overwrite a key', async () => {
    const storage = createLocalFolderStorage(join(base, 'b'));
    await storage.put('key-00000001', new Uint8Array([1]));
    await expect(storage.put('key-00000001', new Uint8Array([2]))).rejects.toThrow(/already stored/);
    expect(readdirSync(storage.root)).toEqual(['key-00000001']);
  });

  it('refuses a hostile key before touching the disk at all', async () => {
    const storage = createLocalFolderStorage(join(base, 'c'));
    for (const key of ['../../etc/passwd', 'a/b', '..', '', 'x\u0000y12345678', '%2e%2e%2f12345', 'short']) {
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/server-made/);
      await expect(storage.get(key)).rejects.toThrow(/server-made/);
    }
    expect(() => readdirSync(storage.root)).toThrow();
  });
});
