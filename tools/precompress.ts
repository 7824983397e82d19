/**
 * Brotli and gzip copies of the built, hashed assets, made once at build time (vite.config.ts runs
 * it after the bundle is written). The server sends them as they are (serveStatic `precompressed`,
 * src/server/app.ts) instead of gzipping the same bytes on every request: a service worker install
 * fetches about 190 files, and compressing them on the fly cost the server's one event loop about
 * half a second per install. Brotli at its highest quality is also about a quarter smaller than
 * gzip, which a phone on a slow network feels.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What serveStatic may send compressed; images such as PNG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost (the compress middleware's own threshold). */
const MIN_BYTES = 1024;
/** Brotli's top quality costs about a second per megabyte; the rarely fetched giants get a faster one. */
const LARGE_BYTES = 1024 * 1024;

async function writeCopies(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const quality = bytes.length > LARGE_BYTES ? 6 : constants.BROTLI_MAX_QUALITY;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Writes `.br` and `.gz` beside every compressible file of `assetsDir` that is worth compressing. */
export async function precompressDir(assetsDir: string): Promise<void> {
  const names = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(names.map((name) => writeCopies(join(assetsDir, name))));
}
