import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './testing/harness';
import { createTestApp } from './testing/harness';
import { signedInAccount } from './testing/signed-in';
import { seedDemoNotices } from './sandbox/demo-notices';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: 1024 });
});
afterAll(async () => t.close());

describe('envelope for every answer', () => {
  it('health answers liveness without asking the database or naming its version', async () => {
    const version = t.ctx.database.version;
    t.ctx.database.version = () => Promise.reject(new Error('database down'));
    try {
      const res = await t.raw('/api/health');
      const body = await res.json();
      expect(res.status).toBe(200);
      expect(body).toMatchObject({
        code: 200,
        path: '/api/health',
        data: { database: t.kind, status: 'ok' },
      });
      expect(body.data).not.toHaveProperty('version');
    } finally {
      t.ctx.database.version = version;
    }
  });

  it('readiness answers 200 when the database answers, 503 with Retry-After when it does not', async () => {
    const ready = await t.raw('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ code: 200, data: { status: 'ready' } });
    const version = t.ctx.database.version;
    t.ctx.database.version = () => Promise.reject(new Error('connection refused'));
    try {
      const down = await t.raw('/api/health/ready', { headers: { 'accept-language': 'en' } });
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(await down.json()).toMatchObject({
        code: 503,
        msg: 'Not ready: the database is not answering',
        data: { status: 'not ready' },
      });
      // A database that hangs instead of failing is not ready either, after READY_TIMEOUT_MS.
      t.ctx.database.version = () => new Promise<string>(() => {});
      expect((await t.raw('/api/health/ready')).status).toBe(503);
    } finally {
      t.ctx.database.version = version;
    }
  });

  it('unknown API paths answer 404 in the envelope, in the caller language', async () => {
    const en = await t.raw('/api/nope', { headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({
      code: 404,
      msg: 'Error requesting address.',
      data: null,
      path: '/api/nope',
    });
    const zh = await (await t.raw('/api/nope')).json();
    expect(zh.msg).toBe('请求地址出错');
  });

  it('a known path with the wrong method answers 405 in the envelope', async () => {
    const res = await t.raw('/api/user/signup', { method: 'GET' });
    expect(res.status).toBe(405);
    expect((await res.json()).code).toBe(405);
  });

  it('malformed JSON answers 400 without details', async () => {
    const res = await t.raw('/api/user/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: '{"captchaId":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, msg: 'The request body could not be read' });
  });

  it('oversized bodies answer 413 in the envelope', async () => {
    const res = await t.raw('/api/user/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `captchaId=${'x'.repeat(4096)}`,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(413);
  });

  it('/index.html redirects to /', async () => {
    const res = await t.raw('/index.html');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = await (await t.raw('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/user/loginPwd'].post.operationId).toBe('auth.loginPwd');
    expect(doc.paths['/api/user/info'].get.security).toEqual([{ bearer: [] }]);
  });
});

describe('the contract is served', () => {
  it('every declared endpoint is registered (none answers "no such path")', async () => {
    const { allEndpoints } = await import('../contract');
    const missing: string[] = [];
    for (const def of allEndpoints) {
      const res = await t.raw(def.path, { method: def.method, headers: { 'accept-language': 'en' } });
      if (res.status === 404) {
        const body = await res.json().catch(() => null);
        if (body?.msg === 'Error requesting address.') missing.push(`${def.method} ${def.path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('compression', () => {
  it('answers gzip when the client accepts it', async () => {
    const res = await t.raw('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves an envelope under 1 KB as it is, with its length', async () => {
    const res = await t.raw('/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/json');
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeLessThan(1024);
    expect(res.headers.get('content-length')).toBe(String(bytes));
  });

  it('compresses an envelope over 1 KB', async () => {
    await seedDemoNotices(t.ctx);
    const me = await signedInAccount(t);
    const res = await t.raw('/api/notice/list?pageNo=1&pageSize=10', {
      headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${me.token}` },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(text.length).toBeGreaterThan(1024);
    expect(JSON.parse(text)).toMatchObject({ code: 200 });
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('sends an envelope over 1 KB as it is to a client that asks for no compression, saying it varies', async () => {
    await seedDemoNotices(t.ctx);
    const me = await signedInAccount(t);
    const res = await t.raw('/api/notice/list?pageNo=1&pageSize=10', {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    // Set with the answer (lib/envelope.ts): the compress middleware finds it and adds no second one.
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(1024);
    expect(res.headers.get('content-length')).toBe(String(bytes));
  });
});
