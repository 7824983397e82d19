/**
 * A real S3-compatible server for tests (s3rver, a development dependency): started on a free port
 * of the loopback address with its objects in a new temporary folder, and removed again by
 * `close()`. s3rver checks only the access key id, so its address is kept private and clients talk
 * to a gate in front of it (sigv4-gate.ts) that checks every SigV4 signature as a real store does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import type { Env } from '../env';
import type { S3StorageConfig } from '../providers/storage/s3-storage';
import { startSigV4Gate } from './sigv4-gate';

export interface LocalS3 {
  /** Settings of a provider on the server's bucket (path-style, as s3rver needs). */
  config(overrides?: Partial<S3StorageConfig>): S3StorageConfig;
  /** The same, as the environment variables a server would be started with. */
  env(): Partial<Env>;
  /** Every object key in the bucket (with its prefix), listed by the store itself. */
  listKeys(): Promise<string[]>;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  /** Requests the signature gate refused, by S3 error code. */
  refused: string[];
  close(): Promise<void>;
}

// s3rver's built-in account: demo credentials that only a test server accepts.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'card-portal-test';
const REGION = 'us-east-1';

export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'local-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const gate = await startSigV4Gate(
    `http://127.0.0.1:${port}`,
    new Map([[ACCESS_KEY_ID, SECRET_ACCESS_KEY]]),
    REGION,
  );
  const endpoint = gate.endpoint;
  const lister = new AwsClient({
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    service: 's3',
    region: REGION,
  });
  return {
    directory,
    refused: gate.refused,
    config: (overrides = {}) => ({
      endpoint,
      region: REGION,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
      prefix: '',
      ...overrides,
    }),
    env: () => ({
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    }),
    async listKeys() {
      // ListObjectsV2 answers up to 1,000 keys: more than any test stores.
      const answer = await lister.fetch(`${endpoint}/${BUCKET}?list-type=2`);
      if (!answer.ok) throw new Error(`listing the bucket failed: HTTP ${answer.status}`);
      return [...(await answer.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1] ?? '');
    },
    async close() {
      await gate.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
