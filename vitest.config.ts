import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three kinds of tests: the PWA in jsdom, pure contract/unit code in Node, and the server against a
// real database — PGlite always, PostgreSQL as well when TEST_DATABASE_URL is set.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// tests/load: the benchmark's seeds, checked against the ledger's rules (seeds.test.ts).
const serverInclude = ['src/server/**/*.test.ts', 'tests/load/**/*.test.ts'];

/**
 * With both databases, each server test file runs on one of them, chosen by a stable hash of its
 * path, so that CI (two cores) runs the server suite once, not twice (decisions.md "Test time").
 * A file that names PostgreSQL (its races, or a case one database skips) runs on both, as does
 * every file when TEST_ALL_DATABASES is set.
 */
function serverFilesOf(database: 'pglite' | 'postgresql'): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk('src/server');
  walk('tests/load');
  return files.filter((file) => {
    if (readFileSync(file, 'utf8').includes('postgresql')) return true;
    const onPostgres = (createHash('sha1').update(file).digest()[0]! & 1) === 1;
    return database === 'postgresql' ? onPostgres : !onPostgres;
  });
}
const splitDatabases = withPostgres && !process.env.TEST_ALL_DATABASES;
const pgliteInclude = splitDatabases ? serverFilesOf('pglite') : serverInclude;
const postgresInclude = splitDatabases ? serverFilesOf('postgresql') : serverInclude;
// The path aliases of tsconfig.json, as in vite.config.ts (which this file does not load). Inline
// projects do not inherit the root's options, so every project names them.
const resolve = {
  alias: {
    '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
    '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
  },
};

export default defineConfig({
  test: {
    // Three files at a time on CI's two cores: the server tests wait on their database about half the
    // time. With Vitest's default of one worker here the whole run took 1,249 s, with two 525 s; on
    // 27 Nov, the same tree: 521 s with two, 427 s with three (both passing every test).
    maxWorkers: 3,
    projects: [
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts'],
        },
      },
      {
        resolve,
        // tools/: checks over the whole tree (import cycles), plain Node like the contract's.
        test: {
          name: 'contract',
          include: ['src/contract/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'server-pglite',
          include: pgliteInclude,
          environment: 'node',
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: ['src/server/testing/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              resolve,
              test: {
                name: 'server-postgres',
                include: postgresInclude,
                environment: 'node' as const,
                env: { TEST_DB_KIND: 'postgresql' },
                globalSetup: ['src/server/testing/global-setup-postgres.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
