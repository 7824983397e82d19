/**
 * Uploads through the API with STORAGE_PROVIDER=s3 against a real S3-compatible server (s3rver):
 * the bytes go to the bucket and come back through `GET /api/file/view`, another server process
 * reads them, and nothing is written to the data folder. A store that fails refuses the upload
 * without a trace of its credentials and without a `files` row.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/core';
import { fileView, topupUpload } from '../../../contract/finance';
import { files } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createStorageProvider, STORE_RETRY_AFTER_SECONDS } from '../../providers/storage';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { LocalS3 } from '../../testing/local-s3';
import { startLocalS3 } from '../../testing/local-s3';
import { signedInAccount } from '../../testing/signed-in';
import { postFile, tinyJpeg, tinyPng } from '../../testing/images';
import { PUBLIC_UPLOAD_PATH } from './upload-limit';

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp(s3.env());
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const uploadsDir = () => join(t.ctx.env.DATA_DIR, 'uploads');

async function view(id: string, token: string): Promise<Response> {
  return t.raw(`${fileView.path}?id=${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
}

describe('uploads on an S3-compatible store', () => {
  it('stores a /file/pub/upload in the bucket, serves it back, and shares it with another process', async () => {
    expect(t.ctx.storage.kind).toBe('s3');
    const me = await signedInAccount(t);
    const res = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: tinyJpeg(), name: 'a.jpg' },
      { token: me.token },
    );
    const body = (await res.json()) as { errcode: string; data: { fileId: string } };
    expect(body.errcode).toBe('0');
    const { fileId } = body.data;
    expect(await s3.listKeys()).toContain(fileId);

    const served = await view(fileId, me.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(tinyJpeg());

    // Another server process builds its own provider from the same environment and reads the bytes.
    const otherProcess = createStorageProvider(t.ctx.env);
    expect(await otherProcess.get(fileId)).toEqual(tinyJpeg());
    expect(existsSync(uploadsDir())).toBe(false);
  });

  it('keeps a top-up proof in the bucket and nothing in DATA_DIR/uploads', async () => {
    const me = await signedInAccount(t);
    const res = await postFile(
      t,
      topupUpload.path,
      { bytes: tinyPng(), name: 'proof.png' },
      { token: me.token },
    );
    const body = (await res.json()) as Envelope<{ fileId: string }>;
    expect(body.code).toBe(200);
    const { fileId } = body.data;
    const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ ownerAccountId: me.accountId, purpose: 'topup_proof', mime: 'image/png' });
    expect(await s3.listKeys()).toContain(fileId);
    const served = await view(fileId, me.token);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(tinyPng());
    expect(existsSync(uploadsDir())).toBe(false);

    // Bytes gone from the store read as the same 404 as an unknown id, never as a server error.
    await t.ctx.storage.remove(fileId);
    const missing = await view(fileId, me.token);
    expect(missing.status).toBe(404);
  });
});

describe('uploads when the object store fails', () => {
  const SECRET = 'Zq8-very-secret-key-do-not-log-7Wm';
  let broken: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const gone = await startLocalS3();
    const env = { ...gone.env(), S3_SECRET_ACCESS_KEY: SECRET };
    await gone.close();
    broken = await createTestApp(env);
    broken.ctx.log = createLogger('debug', (line) => logged.push(line));
  });
  afterAll(async () => broken?.close());

  it('answers 503 with Retry-After, keeps no row, and logs the reason without the credentials', async () => {
    const me = await signedInAccount(broken);
    const res = await postFile(
      broken,
      PUBLIC_UPLOAD_PATH,
      { bytes: tinyJpeg(), name: 'a.jpg' },
      { token: me.token },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    const body = (await res.json()) as { errcode: string; errmsg: string };
    expect(body.errcode).toBe('500');
    expect(body.errmsg).toBe(
      `The file store is not answering. Try again in ${STORE_RETRY_AFTER_SECONDS} seconds`,
    );
    expect(body.errmsg).not.toMatch(/S3|ECONNREFUSED/);
    const rows = await broken.ctx.database.db
      .select()
      .from(files)
      .where(eq(files.ownerAccountId, me.accountId));
    expect(rows).toEqual([]);
    const log = logged.join('');
    expect(log).toContain('object store unreachable during put');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('S3RVER');
  });

  it('answers an envelope 503 with Retry-After on the top-up proof upload', async () => {
    const me = await signedInAccount(broken);
    const res = await postFile(
      broken,
      topupUpload.path,
      { bytes: tinyPng(), name: 'proof.png' },
      { token: me.token, lang: 'zh-CN' },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    const body = (await res.json()) as Envelope<{ retryAfter: number }>;
    expect(body).toMatchObject({ code: 503, data: { retryAfter: STORE_RETRY_AFTER_SECONDS } });
    expect(body.msg).toBe(`文件存储暂时无法访问，请在 ${STORE_RETRY_AFTER_SECONDS} 秒后重试`);
    expect(logged.join('')).not.toContain(SECRET);
  });
});
