/** Builds the storage provider from the environment: `DATA_DIR/uploads` unless STORAGE_PROVIDER=s3. */
import { join } from 'node:path';
import type { Env } from '../../env';
import { createLocalFolderStorage } from './local-folder-storage';
import { s3ConfigFromEnv } from './s3-config';
import { createS3Storage } from './s3-storage';
import { fail } from '../../lib/errors';
import type { StorageProvider } from './storage-provider';
import { StorageError } from './storage-provider';

export type { StorageProvider } from './storage-provider';
export { storageConfigProblems, storageProductionProblems } from './s3-config';

/** Seconds a client is told to wait when the store is down: long enough for a restart, short for a person. */
export const STORE_RETRY_AFTER_SECONDS = 30;

export function createStorageProvider(env: Env): StorageProvider {
  if (env.STORAGE_PROVIDER === 's3') return answeringOutages(createS3Storage(s3ConfigFromEnv(env)));
  return answeringOutages(createLocalFolderStorage(join(env.DATA_DIR, 'uploads')));
}

/**
 * A store that is down or refusing is an outage of an outside system, not a bug of ours: the
 * request answers 503 with `Retry-After` (issue 28 §6) instead of a bare 500; the store's own
 * message goes to the log only. A key that is already stored stays a StorageError (a bug).
 */
export function answeringOutages(provider: StorageProvider): StorageProvider {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StorageError && error.reason === 'store')
        throw fail.unavailable('server:errors.storeUnavailable', STORE_RETRY_AFTER_SECONDS, error);
      throw error;
    }
  };
  return {
    kind: provider.kind,
    put: (key, bytes) => guard(() => provider.put(key, bytes)),
    get: (key) => guard(() => provider.get(key)),
    remove: (key) => guard(() => provider.remove(key)),
  };
}
