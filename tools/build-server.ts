/**
 * `npm run build:server`: the API server compiled to one JavaScript file, `dist-server/main.mjs`, so
 * production runs it with plain Node (`npm run start:prod`), without a TypeScript loader: no
 * transform at start and about 70 MB less resident memory (the bench prints both figures).
 * Packages stay in node_modules (`--packages=external`): native ones (argon2) and those that read
 * their own files (PGlite's WebAssembly, jsdom) must, and Node loads them as they are.
 * The server reads locales/, the migrations and the built PWA from the folder it is started in,
 * so it runs from the project folder like `npm start` (docs/deployment.md).
 */
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist-server/main.mjs';

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
