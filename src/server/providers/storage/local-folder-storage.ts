/**
 * The built-in storage provider: one file per key in a folder (DATA_DIR/uploads by default).
 * The file name is the key itself, which `assertStorageKey` limits to a server-made id, so no
 * client input can name a path. Files are written to a temporary name and then linked to their
 * key, so a reader never sees half a file, and are readable by the server's user only.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { StorageProvider } from './storage-provider';
import { assertStorageKey, StorageError } from './storage-provider';

export interface LocalFolderStorage extends StorageProvider {
  /** The absolute folder the files are kept in. */
  readonly root: string;
  /** Where the bytes of a key are (for operators and tests). */
  pathOf(key: string): string;
}

export function createLocalFolderStorage(folder: string): LocalFolderStorage {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  return {
    kind: 'local',
    root,
    pathOf,
    async put(key, bytes) {
      const target = pathOf(key);
      // Every time (one cheap call): the folder may have been removed while the server runs.
      await mkdir(root, { recursive: true, mode: 0o700 });
      const temporary = join(root, `.${key}.${randomBytes(6).toString('hex')}.part`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
        // link() never replaces an existing file: a reused key fails instead of overwriting bytes.
        await link(temporary, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new StorageError('exists', 'the key is already stored');
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
