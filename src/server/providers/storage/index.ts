/** Builds the storage provider from the environment: `DATA_DIR/uploads` unless STORAGE_PROVIDER=s3. */
import { join } from 'node:path';
import type { Env } from '../../env';
import { createLocalFolderStorage } from './local-folder-storage';
import { s3ConfigFromEnv } from './s3-config';
import { createS3Storage } from './s3-storage';
import type { StorageProvider } from './storage-provider';

export type { StorageProvider } from './storage-provider';
export { storageConfigProblems, storageProductionProblems } from './s3-config';

export function createStorageProvider(env: Env): StorageProvider {
  if (env.STORAGE_PROVIDER === 's3') return createS3Storage(s3ConfigFromEnv(env));
  return createLocalFolderStorage(join(env.DATA_DIR, 'uploads'));
}
