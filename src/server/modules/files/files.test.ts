import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/core';
import { fileView, topupUpload } from '../../../contract/finance';
import { files } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { openSession, signedInAccount } from '../../testing/signed-in';
import { sniffImage } from './sniff-image';
import { postFile, textBytes, tinyBmp, tinyGif, tinyJpeg, tinyPng } from '../../testing/images';
import { PUBLIC_UPLOAD_PATH } from './upload-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MIB = 1024 * 1024;
const uploadsDir = () => join(t.ctx.env.DATA_DIR, 'uploads');
const storedNames = () => {
  try {
    return readdirSync(uploadsDir()).sort();
  } catch {
    return [];
  }
};

async function envelopeOf(res: Response): Promise<Envelope<{ fileId: string; url: string }>> {
  return (await res.json()) as Envelope<{ fileId: string; url: string }>;
}

async function view(id: string, token: string): Promise<Response> {
  return t.raw(`${fileView.path}?id=${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
}

const IMAGES = [
  { name: 'proof.jpg', bytes: tinyJpeg, mime: 'image/jpeg' },
  { name: 'proof.gif', bytes: tinyGif, mime: 'image/gif' },
  { name: 'proof.png', bytes: tinyPng, mime: 'image/png' },
  { name: 'proof.bmp', bytes: tinyBmp, mime: 'image/bmp' },
] as const;

const NOT_IMAGES = [
  {
    label: 'an HTML page renamed .png',
    name: 'proof.png',
    text: '<!DOCTYPE html><html><script>alert(1)</script></html>',
  },
  {
    label: 'an SVG image',
    name: 'proof.svg',
    text: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
  },
  { label: 'a PDF', name: 'proof.pdf', text: '%PDF-1.7\n1 0 obj << >> endobj\n%%EOF' },
  {
    label: 'text that starts like a bitmap',
    name: 'proof.bmp',
    text: 'BM this is not a bitmap at all, only text',
  },
  { label: 'an empty file', name: 'proof.png', text: '' },
] as const;

describe('sniffImage', () => {
  it('recognises the four formats by content and nothing else', () => {
    for (const image of IMAGES) expect(sniffImage(image.bytes())).toBe(image.mime);
    for (const other of NOT_IMAGES) expect(sniffImage(textBytes(other.text))).toBeNull();
    // A PNG signature without its IHDR chunk is not taken for a PNG.
    expect(sniffImage(tinyPng().slice(0, 8))).toBeNull();
  });
});

describe('POST /api/account/topup/upload', () => {
  it.each(IMAGES)('stores a real $mime under a server id and answers its view url', async (image) => {
    const me = await signedInAccount(t);
    const res = await postFile(
      t,
      topupUpload.path,
      { bytes: image.bytes(), name: image.name },
      { token: me.token },
    );
    const body = await envelopeOf(res);
    expect(body.code).toBe(200);
    const { fileId, url } = body.data;
    expect(url).toBe(`/api/file/view?id=${fileId}`);
    const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ ownerAccountId: me.accountId, purpose: 'topup_proof', mime: image.mime });
    expect(row!.size).toBe(image.bytes().length);
    expect(new Uint8Array(readFileSync(join(uploadsDir(), fileId)))).toEqual(image.bytes());
  });

  it.each(NOT_IMAGES)('refuses $label whatever its name, and stores nothing', async (other) => {
    const me = await signedInAccount(t);
    const before = storedNames();
    const res = await postFile(
      t,
      topupUpload.path,
      { bytes: textBytes(other.text), name: other.name, type: 'image/png' },
      { token: me.token },
    );
    const body = await envelopeOf(res);
    expect(body).toMatchObject({ code: 422, msg: 'only JPG/GIF/PNG/BMP files can be uploaded' });
    expect(storedNames()).toEqual(before);
    expect(
      await t.ctx.database.db.select().from(files).where(eq(files.ownerAccountId, me.accountId)),
    ).toEqual([]);
  });

  it('says the reason in the caller’s language', async () => {
    const me = await signedInAccount(t);
    const res = await postFile(
      t,
      topupUpload.path,
      { bytes: textBytes('<html></html>'), name: 'a.png' },
      { token: me.token, lang: 'zh-CN' },
    );
    expect((await envelopeOf(res)).msg).toBe('只能上传 JPG/GIF/PNG/BMP 格式的图片');
  });

  it('refuses a file over 3 MB with the limit in the message, and takes one of exactly 3 MB', async () => {
    const me = await signedInAccount(t);
    const png = tinyPng();
    const padded = (size: number) => {
      const out = new Uint8Array(size);
      out.set(png);
      return out;
    };
    const over = await postFile(
      t,
      topupUpload.path,
      { bytes: padded(3 * MIB + 1), name: 'big.png' },
      { token: me.token },
    );
    expect(await envelopeOf(over)).toMatchObject({ code: 413, msg: 'image size cannot exceed 3MB' });
    const exact = await postFile(
      t,
      topupUpload.path,
      { bytes: padded(3 * MIB), name: 'ok.png' },
      { token: me.token },
    );
    expect((await envelopeOf(exact)).code).toBe(200);
  });

  it('refuses a far larger body while it streams in, before reading all of it', async () => {
    const me = await signedInAccount(t);
    const total = 40 * MIB;
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const head = new TextEncoder().encode(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    // No Content-Length: the limit has to count the bytes as they arrive.
    const res = await t.app.request(topupUpload.path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${me.token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'accept-language': 'en',
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await envelopeOf(res)).toMatchObject({ code: 413, msg: 'image size cannot exceed 3MB' });
    expect(sent).toBeLessThan(8 * MIB);
  });

  it('never lets the client’s file name reach the storage path', async () => {
    const me = await signedInAccount(t);
    const names = [
      '../../etc/passwd.png',
      'a/b.png',
      '%2e%2e%2f.png',
      '..\\..\\win.png',
      'nul\u0000byte.png',
      '/abs.png',
    ];
    const ids: string[] = [];
    for (const name of names) {
      const res = await postFile(t, topupUpload.path, { bytes: tinyPng(), name }, { token: me.token });
      const body = await envelopeOf(res);
      expect(body.code).toBe(200);
      ids.push(body.data.fileId);
    }
    const root = uploadsDir();
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const path = join(root, id);
      expect(path.startsWith(root + sep)).toBe(true);
      expect(new Uint8Array(readFileSync(path))).toEqual(tinyPng());
    }
    // Only files named by server ids exist in the uploads folder, and nothing escaped the data folder.
    for (const name of storedNames()) expect(name).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(storedNames()).toEqual(expect.arrayContaining(ids));
    expect(readdirSync(t.ctx.env.DATA_DIR).sort()).toEqual(
      expect.not.arrayContaining(['etc', 'abs.png', 'a']),
    );
  });

  it('is for the main account only', async () => {
    const me = await signedInAccount(t);
    const sub = await openSession(t, me.accountId, 'sub-1');
    const res = await postFile(
      t,
      topupUpload.path,
      { bytes: tinyPng(), name: 'p.png' },
      { token: sub.token },
    );
    expect((await envelopeOf(res)).code).toBe(4030);
  });

  it('needs a file and a session', async () => {
    const me = await signedInAccount(t);
    const noFile = await postFile(
      t,
      topupUpload.path,
      { bytes: tinyPng(), name: 'p.png' },
      { token: me.token, field: 'other' },
    );
    expect((await envelopeOf(noFile)).code).toBe(400);
    const noToken = await postFile(t, topupUpload.path, { bytes: tinyPng(), name: 'p.png' });
    expect((await envelopeOf(noToken)).code).toBe(401);
  });
});

describe('GET /api/file/view', () => {
  it('serves the bytes to the owner with the type found in the content, nosniff and private', async () => {
    const me = await signedInAccount(t);
    // Named and labelled as a JPEG, but the bytes are a GIF: the content decides.
    const up = await postFile(
      t,
      topupUpload.path,
      { bytes: tinyGif(), name: 'x.jpg', type: 'image/jpeg' },
      { token: me.token },
    );
    const { fileId } = (await envelopeOf(up)).data;
    const res = await view(fileId, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(tinyGif());
  });

  it("answers a member of the owner's team as for an unknown id: a transfer proof is the owner's (issue 29 §1)", async () => {
    const me = await signedInAccount(t);
    const up = await postFile(t, topupUpload.path, { bytes: tinyBmp(), name: 'x.bmp' }, { token: me.token });
    const sub = await openSession(t, me.accountId, 'sub-2');
    const res = await view((await envelopeOf(up)).data.fileId, sub.token);
    expect(res.status).toBe(404);
  });

  it('answers anyone else exactly as for an unknown id', async () => {
    const owner = await signedInAccount(t);
    const other = await signedInAccount(t);
    const up = await postFile(
      t,
      topupUpload.path,
      { bytes: tinyPng(), name: 'x.png' },
      { token: owner.token },
    );
    const { fileId } = (await envelopeOf(up)).data;
    const foreign = await view(fileId, other.token);
    const unknown = await view('AAAAAAAAAAAAAAAA', other.token);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    const [a, b] = [(await foreign.json()) as Envelope, (await unknown.json()) as Envelope];
    expect({ ...a, path: '' }).toEqual({ ...b, path: '' });
    expect(a.msg).toBe('This file does not exist');
    expect((await t.raw(`${fileView.path}?id=${fileId}`)).status).toBe(401);
  });
});

describe('POST /file/pub/upload', () => {
  it('answers errcode 0 with the file on success, stored as a general upload', async () => {
    const me = await signedInAccount(t);
    const res = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: tinyJpeg(), name: 'a.jpg' },
      { token: me.token },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      errcode: string;
      errmsg: string;
      data: { fileId: string; url: string };
    };
    expect(body).toMatchObject({ errcode: '0', errmsg: '' });
    expect(body.data.url).toBe(`/api/file/view?id=${body.data.fileId}`);
    const [row] = await t.ctx.database.db
      .select()
      .from(files)
      .where(and(eq(files.id, body.data.fileId), eq(files.ownerAccountId, me.accountId)));
    expect(row).toMatchObject({ purpose: 'general', mime: 'image/jpeg' });
    expect((await view(body.data.fileId, me.token)).status).toBe(200);
  });

  it('answers errcode 500 with the translated reason when it refuses', async () => {
    const me = await signedInAccount(t);
    const html = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: textBytes('<html></html>'), name: 'a.png' },
      { token: me.token },
    );
    expect(await html.json()).toEqual({
      errcode: '500',
      errmsg: 'only JPG/GIF/PNG/BMP files can be uploaded',
    });
    const big = new Uint8Array(3 * MIB + 1);
    big.set(tinyPng());
    const over = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: big, name: 'a.png' },
      { token: me.token, lang: 'zh-CN' },
    );
    expect(await over.json()).toEqual({ errcode: '500', errmsg: '图片大小不能超过 3MB' });
    const huge = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: new Uint8Array(6 * MIB), name: 'a.png' },
      { token: me.token },
    );
    expect(await huge.json()).toEqual({ errcode: '500', errmsg: 'image size cannot exceed 3MB' });
    const noFile = await postFile(
      t,
      PUBLIC_UPLOAD_PATH,
      { bytes: tinyPng(), name: 'a.png' },
      { token: me.token, field: 'x' },
    );
    expect(await noFile.json()).toEqual({ errcode: '500', errmsg: 'Please choose a file to upload' });
    const anonymous = await postFile(t, PUBLIC_UPLOAD_PATH, { bytes: tinyPng(), name: 'a.png' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ errcode: '500' });
    expect(
      await t.ctx.database.db.select().from(files).where(eq(files.ownerAccountId, me.accountId)),
    ).toEqual([]);
  });
});
