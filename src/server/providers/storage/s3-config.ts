/**
 * The object-store settings of the environment (README "Environment"), checked before the server
 * starts so a wrong setting stops it with a clear message instead of failing the first upload.
 * Messages name variables, never their values: a secret must not reach a log.
 */
import type { Env } from '../../env';
import type { S3StorageConfig } from './s3-storage';

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Settings that cannot work, in any mode (bootstrap.ts refuses to start). */
export function storageConfigProblems(env: Env): string[] {
  if (env.STORAGE_PROVIDER !== 's3') {
    // Object-store settings without the switch would quietly keep uploads on this machine's disk.
    const stray = S3_SETTINGS.filter((name) => env[name] !== undefined);
    return stray.length > 0 ? [`${stray.join(', ')} set, but STORAGE_PROVIDER is not s3`] : [];
  }
  const problems = S3_SETTINGS.filter((name) => !env[name]).map(
    (name) => `${name} is required with STORAGE_PROVIDER=s3`,
  );
  if (env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    if (endpoint.username || endpoint.password)
      problems.push('S3_ENDPOINT must not carry credentials (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)');
    if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:')
      problems.push('S3_ENDPOINT must be an http or https address');
    if (endpoint.search || endpoint.hash) problems.push('S3_ENDPOINT must not have a query or fragment');
    // A dotted bucket in the host name does not match the store's wildcard certificate.
    if (env.S3_BUCKET?.includes('.') && env.S3_FORCE_PATH_STYLE === '0' && endpoint.protocol === 'https:')
      problems.push('S3_BUCKET with dots needs S3_FORCE_PATH_STYLE=1 over https');
  }
  return problems;
}

/** What production adds: uploads are identity documents and payment proofs, so never in clear text. */
export function storageProductionProblems(env: Env): string[] {
  if (env.STORAGE_PROVIDER !== 's3' || !env.S3_ENDPOINT) return [];
  return new URL(env.S3_ENDPOINT).protocol === 'https:' ? [] : ['S3_ENDPOINT must be https in production'];
}

/** The provider's settings; call after `storageConfigProblems` found none. */
export function s3ConfigFromEnv(env: Env): S3StorageConfig {
  const missing = storageConfigProblems(env);
  if (missing.length > 0) throw new Error(missing.join('; '));
  return {
    endpoint: env.S3_ENDPOINT ?? '',
    region: env.S3_REGION,
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
    prefix: env.S3_PREFIX ?? '',
  };
}
