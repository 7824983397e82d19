import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFolderStorage } from './local-folder-storage';

const base = mkdtempSync(join(tmpdir(), 'storage-test-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('local folder storage', () => {
  it('stores, reads and removes bytes under a server id, readable by the owner only', async () => {
    const storage = createLocalFolderStorage(join(base, 'a', 'uploads'));
    const bytes = new Uint8Array([1, 2, 3]);
    await storage.put('Abc_def-12345678', bytes);
    expect(await storage.get('Abc_def-12345678')).toEqual(bytes);
    expect(readdirSync(storage.root)).toEqual(['Abc_def-12345678']);
    expect(statSync(storage.pathOf('Abc_def-12345678')).mode & 0o777).toBe(0o600);
    await storage.remove('Abc_def-12345678');
    expect(await storage.get('Abc_def-12345678')).toBeNull();
    expect(readdirSync(storage.root)).toEqual([]);
  });

  it('never overwrites a key', async () => {
    const storage = createLocalFolderStorage(join(base, 'b'));
    await storage.put('key-00000001', new Uint8Array([1]));
    await expect(storage.put('key-00000001', new Uint8Array([2]))).rejects.toThrow();
    expect(await storage.get('key-00000001')).toEqual(new Uint8Array([1]));
    // No temporary file is left behind by the refused write.
    expect(readdirSync(storage.root)).toEqual(['key-00000001']);
  });

  it('refuses any key that is not a server-made id, before touching the disk', async () => {
    const storage = createLocalFolderStorage(join(base, 'c'));
    for (const key of ['../../etc/passwd', 'a/b', '..', '', 'x\u0000y12345678', '%2e%2e%2f12345', 'short']) {
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/server-made/);
      await expect(storage.get(key)).rejects.toThrow(/server-made/);
    }
    expect(() => readdirSync(storage.root)).toThrow();
  });
});
