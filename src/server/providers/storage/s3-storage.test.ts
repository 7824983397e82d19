import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalS3 } from '../../testing/local-s3';
import { startLocalS3 } from '../../testing/local-s3';
import type { S3StorageConfig } from './s3-storage';
import { createS3Storage, s3ObjectUrl } from './s3-storage';
import { describeStorageContract } from '../../testing/storage-contract';
import { StorageError } from './storage-provider';

const PREFIX = 'card-portal/uploads/';

// The whole contract against a real S3-compatible server, with a key prefix as operators set one;
// every request passes the signature gate, which must have refused none of them.
describeStorageContract('S3 (s3rver)', async () => {
  const s3 = await startLocalS3();
  return {
    open: () => createS3Storage(s3.config({ prefix: PREFIX })),
    storedKeys: async () =>
      (await s3.listKeys()).filter((key) => key.startsWith(PREFIX)).map((key) => key.slice(PREFIX.length)),
    close: async () => {
      const refused = [...s3.refused];
      await s3.close();
      if (refused.length > 0) throw new Error(`the store refused signatures: ${refused.join(', ')}`);
    },
  };
});

describe('S3 object addresses', () => {
  const base: S3StorageConfig = {
    endpoint: 'https://s3.eu-central-1.example.com',
    region: 'eu-central-1',
    bucket: 'portal-files',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'not-used-here',
    forcePathStyle: false,
    prefix: '',
  };

  it('puts the bucket in the host name, or in the path when path style is forced', () => {
    expect(s3ObjectUrl(base, 'Abc_def-123')).toBe(
      'https://portal-files.s3.eu-central-1.example.com/Abc_def-123',
    );
    expect(s3ObjectUrl({ ...base, forcePathStyle: true }, 'Abc_def-123')).toBe(
      'https://s3.eu-central-1.example.com/portal-files/Abc_def-123',
    );
  });

  it('keeps an endpoint’s port and path, and joins the prefix with or without its last slash', () => {
    const minio = { ...base, endpoint: 'http://minio.internal:9000/s3/', forcePathStyle: true };
    expect(s3ObjectUrl({ ...minio, prefix: 'a/b' }, 'Abc_def-123')).toBe(
      'http://minio.internal:9000/s3/portal-files/a/b/Abc_def-123',
    );
    expect(s3ObjectUrl({ ...minio, prefix: 'a/b/' }, 'Abc_def-123')).toBe(
      'http://minio.internal:9000/s3/portal-files/a/b/Abc_def-123',
    );
  });

  it('builds no address from a key that is not a server-made id', () => {
    for (const key of ['../other-bucket/x1234567', 'a/../../b1234567', 'abcdefgh?acl', '%2F%2E%2E12345'])
      expect(() => s3ObjectUrl(base, key)).toThrow(/server-made/);
  });
});

describe('S3 storage errors', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => s3?.close());

  const SECRET = 'Zq8-very-secret-key-do-not-log-7Wm';

  /** The message and every property of a rejection, as a log line would carry them. */
  async function failureText(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    return `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
  }

  it('turns a refused credential into its own error, naming neither the key id nor the secret', async () => {
    const storage = createS3Storage(s3.config({ accessKeyId: 'UNKNOWNKEYID42', secretAccessKey: SECRET }));
    // A HEAD answer has no body, so the write names the status only; a read names the store's code.
    const writing = await failureText(storage.put('Abc_def-1234', new Uint8Array([1])));
    expect(writing).toContain('object store refused put of Abc_def-1234: HTTP 403');
    const reading = await failureText(storage.get('Abc_def-1234'));
    expect(reading).toContain('object store refused get of Abc_def-1234: HTTP 403 InvalidAccessKeyId');
    for (const text of [writing, reading]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('UNKNOWNKEYID42');
    }
    expect(await s3.listKeys()).toEqual([]);
  });

  it('is refused by a store that checks signatures when the secret is wrong, and never quotes it', async () => {
    const storage = createS3Storage(s3.config({ secretAccessKey: SECRET }));
    const text = await failureText(storage.get('Abc_def-1234'));
    expect(text).toContain('object store refused get of Abc_def-1234: HTTP 403 SignatureDoesNotMatch');
    expect(text).not.toContain(SECRET);
    expect(s3.refused).toContain('SignatureDoesNotMatch');
    expect(await s3.listKeys()).toEqual([]);
  });

  it('treats a missing bucket as a broken store, not as a missing file', async () => {
    const storage = createS3Storage(s3.config({ bucket: 'no-such-bucket' }));
    expect(await failureText(storage.get('Abc_def-1234'))).toContain('HTTP 404 NoSuchBucket');
    expect(await failureText(storage.put('Abc_def-1234', new Uint8Array([1])))).toContain('NoSuchBucket');
    expect(await failureText(storage.remove('Abc_def-1234'))).toContain('HTTP 404 NoSuchBucket');
  });

  it('reports a store that cannot be reached, without its credentials', async () => {
    const gone = await startLocalS3();
    const config = gone.config({ secretAccessKey: SECRET });
    await gone.close();
    const storage = createS3Storage({ ...config, timeoutMs: 5000 });
    const text = await failureText(storage.get('Abc_def-1234'));
    expect(text).toContain('object store unreachable during get of Abc_def-1234: ECONNREFUSED');
    expect(text).not.toContain(SECRET);
  });

  it('writes objects under the prefix and nowhere else', async () => {
    const storage = createS3Storage(s3.config({ prefix: 'tenant-a/uploads' }));
    await storage.put('Abc_def-5678', new Uint8Array([7]));
    expect(await s3.listKeys()).toEqual(['tenant-a/uploads/Abc_def-5678']);
    // Another prefix is another folder: the same key is not visible there.
    expect(await createS3Storage(s3.config({ prefix: 'tenant-b' })).get('Abc_def-5678')).toBeNull();
    await storage.remove('Abc_def-5678');
    expect(await s3.listKeys()).toEqual([]);
  });
});
