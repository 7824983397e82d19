/** How many server processes `npm start` runs (main.ts forks them with node:cluster). */
import { availableParallelism } from 'node:os';
import type { Env } from './env';

/** One on PGlite (embedded in its process); on PostgreSQL `WEB_CONCURRENCY`, else one per core. */
export function processCount(env: Env, cores = availableParallelism()): number {
  if (!env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? cores;
}
