/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Cloudflare R2), so every
 * machine serving one database sees the same files. Requests are signed with SigV4 by aws4fetch
 * over Node's fetch (docs/decisions.md "Uploads in an object store" says why not the AWS SDK).
 *
 * - Keys pass the same `assertStorageKey` as the local folder before any request is made, and the
 *   prefix is checked at start (env.ts), so no client input ever names an object.
 * - The payload's SHA-256 is signed: the store rejects bytes changed on the way.
 * - A key is written once: a HEAD first (for stores that ignore conditions) and `If-None-Match: *`
 *   on the PUT (for stores that honour it, closing the gap between the two).
 * - Objects are stored as `application/octet-stream`: the `files` row holds the type detected at
 *   upload, and the API is the only way bytes reach a browser.
 * - Every failure becomes a `StorageError` naming the operation, the HTTP status and the store's
 *   error code only: never the credentials, a signature or the store's message text.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { StorageProvider } from './storage-provider';
import { assertStorageKey, StorageError } from './storage-provider';

export interface S3StorageConfig {
  /** e.g. `https://s3.eu-central-1.amazonaws.com`, `http://minio.internal:9000`. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket in the path (MinIO, Ceph, s3rver) instead of the host name (AWS, R2). */
  forcePathStyle: boolean;
  /** Folder-like prefix of every object key ('' for none). */
  prefix: string;
  /** How long one request may take before it counts as a failure. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The address of one object: the bucket in the path or in the host name. */
export function s3ObjectUrl(config: S3StorageConfig, key: string): string {
  assertStorageKey(key);
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const prefix = config.prefix === '' || config.prefix.endsWith('/') ? config.prefix : `${config.prefix}/`;
  const objectPath = `${basePath}/${config.forcePathStyle ? `${config.bucket}/` : ''}${prefix}${key}`;
  const host = config.forcePathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  return `${endpoint.protocol}//${host}${objectPath}`;
}

/** The store's error code from its XML answer (`NoSuchKey`, `AccessDenied`, …), nothing else of it. */
async function errorCode(response: Response): Promise<string | null> {
  const text = await response.text().catch(() => '');
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1] ?? null;
}

async function refused(operation: string, key: string, response: Response): Promise<StorageError> {
  const code = await errorCode(response);
  return new StorageError(
    'store',
    `object store refused ${operation} of ${key}: HTTP ${response.status}${code ? ` ${code}` : ''}`,
  );
}

export function createS3Storage(config: S3StorageConfig): StorageProvider {
  // Kept in this closure only: the provider object has nothing a log line could print.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    // aws4fetch retries 5xx and 429 answers; two retries keep a failing store from holding a request long.
    retries: 2,
    initRetryMs: 100,
  });
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function send(operation: string, key: string, init: RequestInit): Promise<Response> {
    const url = s3ObjectUrl(config, key);
    try {
      return await client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      // Node's fetch reports "fetch failed" with the reason (ECONNREFUSED, a timeout) in `cause`.
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      const reason = typeof cause === 'string' ? cause : error instanceof Error ? error.name : 'error';
      throw new StorageError('store', `object store unreachable during ${operation} of ${key}: ${reason}`);
    }
  }

  return {
    kind: 's3',
    async put(key, bytes) {
      const existing = await send('put', key, { method: 'HEAD' });
      if (existing.ok) throw new StorageError('exists', 'the key is already stored');
      if (existing.status !== 404) throw await refused('put', key, existing);
      // A copy the request owns: the caller's view may share a larger buffer.
      const body = new Uint8Array(bytes);
      const response = await send('put', key, {
        method: 'PUT',
        body,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(body.byteLength),
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
          'if-none-match': '*',
        },
      });
      // 412: the key appeared since the HEAD; 409: another write of it is in flight (AWS).
      if (response.status === 412 || response.status === 409) {
        await response.body?.cancel();
        throw new StorageError('exists', 'the key is already stored');
      }
      if (!response.ok) throw await refused('put', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('get', key, { method: 'GET' });
      if (response.ok) return new Uint8Array(await response.arrayBuffer());
      if (response.status === 404) {
        // A missing key is an answer; a missing bucket is a broken configuration.
        const code = await errorCode(response);
        if (code === null || code === 'NoSuchKey') return null;
        throw new StorageError('store', `object store refused get of ${key}: HTTP 404 ${code}`);
      }
      throw await refused('get', key, response);
    },
    async remove(key) {
      const response = await send('remove', key, { method: 'DELETE' });
      // S3 answers 204 also for a key that is not there; some compatible stores answer 404.
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      if (response.status === 404) {
        const code = await errorCode(response);
        if (code === null || code === 'NoSuchKey') return;
        throw new StorageError('store', `object store refused remove of ${key}: HTTP 404 ${code}`);
      }
      throw await refused('remove', key, response);
    },
  };
}
