/**
 * The S3-compatible object store: s3rver (a development dependency) behind the SigV4 gate of the
 * server tests (src/server/testing/sigv4-gate.ts), which checks every signature against a strong
 * secret key as a real store does, behind TLS — production refuses an `http` store. The portal
 * trusts the test's certificate through NODE_EXTRA_CA_CERTS.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { startSigV4Gate } from '../../../src/server/testing/sigv4-gate';
import type { Certificate } from './certificate';

// s3rver knows one access key id; the gate in front holds the secret that goes with it here.
const ACCESS_KEY_ID = 'S3RVER';
const BUCKET = 'card-portal-uploads';
const REGION = 'us-east-1';

export interface ObjectStore {
  /** The portal's S3_* settings. */
  settings: Record<string, string>;
  /** Every object key in the bucket, listed by the store. */
  listKeys(): Promise<string[]>;
  /** Requests the gate refused (a wrong signature), by reason. */
  refused: string[];
  close(): Promise<void>;
}

export async function startObjectStore(tls: Certificate): Promise<ObjectStore> {
  const secret = randomBytes(30).toString('base64url');
  const directory = mkdtempSync(join(tmpdir(), 'prod-e2e-s3-'));
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await store.run();
  const gate = await startSigV4Gate(`http://127.0.0.1:${port}`, new Map([[ACCESS_KEY_ID, secret]]), REGION);
  const gatePort = Number(new URL(gate.endpoint).port);
  // TLS ends here and the bytes go on unchanged, Host header included, which the signature covers.
  const front = createTlsServer({ key: tls.key, cert: tls.cert }, (socket) => {
    const upstream = connect(gatePort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const lister = new AwsClient({
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: secret,
    service: 's3',
    region: REGION,
  });
  return {
    settings: {
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: secret,
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'portal/uploads',
    },
    refused: gate.refused,
    async listKeys() {
      const answer = await lister.fetch(`${gate.endpoint}/${BUCKET}?list-type=2`);
      if (!answer.ok) throw new Error(`listing the bucket failed: HTTP ${answer.status}`);
      return [...(await answer.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '');
    },
    async close() {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await gate.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
