/**
 * `npm start`: build the PWA when it is missing or older than its sources, then start the server.
 * One process to stop: on PostgreSQL it forks the server processes and stops them with itself.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src/web',
  'src/contract',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function pwaIsStale(dist: string): boolean {
  const built = join(dist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > builtAt);
}

const dist = process.env.WEB_DIST ?? './dist';
// Forked server processes (WEB_CONCURRENCY on PostgreSQL) run this file too: the primary built it.
if (cluster.isPrimary && pwaIsStale(dist)) {
  process.stdout.write('Building the PWA…\n');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../src/server/main');
