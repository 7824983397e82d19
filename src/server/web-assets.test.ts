/**
 * The built PWA as the server sends it: hashed assets leave as the brotli or gzip copy the build
 * made (tools/precompress.ts), whichever the browser accepts, and are cached for good; the
 * shell and the service worker are revalidated and compressed on the way out.
 */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/precompress';
import type { TestApp } from './testing/harness';
import { createTestApp } from './testing/harness';

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const worker = `self.addEventListener('install', () => {}); // ${'x'.repeat(2000)}\n`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Card Portal</title>');
  writeFileSync(join(dist, 'sw.js'), worker);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
  writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  await precompressDir(join(dist, 'assets'));
  mkdirSync(join(dist, 'console', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'console', 'index.html'), '<!doctype html><title>Console</title>');
  writeFileSync(join(dist, 'console', 'assets', 'main-abc123.js'), script);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => t.close());

async function get(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const res = await t.app.request(path, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the built PWA', () => {
  it('writes brotli and gzip copies of compressible assets only, each the same bytes once opened', () => {
    const file = join(dist, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 2);
    // Too small to gain, or compressed already; and nothing outside assets/ (the worker changes per release).
    for (const left of ['assets/tiny-abc123.js', 'assets/logo-abc123.png', 'sw.js'])
      expect(() => readFileSync(join(dist, `${left}.br`))).toThrow();
  });

  it('sends the brotli copy to a browser that takes it, the gzip copy otherwise, plain bytes to one that takes neither', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('content-type')).toMatch(/javascript/);
    expect(br.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(script);
  });

  it('compresses the service worker on the way out and has the browser revalidate it', async () => {
    const sw = await get('/sw.js', 'gzip, br');
    expect(sw.res.headers.get('content-encoding')).toBe('gzip');
    expect(sw.res.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(sw.bytes).toString()).toBe(worker);
  });
});

describe('the operator console build (dist/console)', () => {
  it('serves its page at /console, never stored, and its hashed assets for good', async () => {
    for (const path of ['/console', '/console/']) {
      const page = await get(path);
      expect(page.res.status, path).toBe(200);
      expect(page.bytes.toString()).toContain('<title>Console</title>');
      expect(page.res.headers.get('cache-control'), path).toBe('no-store');
    }
    const asset = await get('/console/assets/main-abc123.js');
    expect(asset.res.status).toBe(200);
    expect(asset.bytes.toString()).toBe(script);
    expect(asset.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
