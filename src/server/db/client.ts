/**
 * The database: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when DATABASE_URL is
 * set. Both are driven through the same Drizzle API and the same migrations.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: operations accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  version(): Promise<string>;
  close(): Promise<void>;
}

/** `show server_version` names its column server_version; the alias gives the `v` read below. */
const VERSION_QUERY = "select current_setting('server_version') as v";

export const MIGRATIONS_FOLDER = resolve('src/server/db/migrations');

export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const folder = join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  if (!existsSync(join(folder, 'PG_VERSION'))) initPgliteFolder(folder);
  const client = await PGlite.create(folder);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    version: async () => (await client.query<{ v: string }>(VERSION_QUERY)).rows[0]?.v ?? 'unknown',
    close: () => client.close(),
  };
}

function initPgliteFolder(folder: string): void {
  const script = resolve('src/server/db/pglite-init.mjs');
  const result = spawnSync(process.execPath, [script, folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0)
    throw new Error(`PGlite initialisation failed: ${result.stderr.toString().slice(0, 500)}`);
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 20 });
  // An idle connection that the server ends (restart, admin termination, a test dropping its
  // database) is already out of the pool when this fires; without a listener Node would treat the
  // event as an uncaught error and stop the process. The next query simply opens a new connection.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Several instances may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(lockClient), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  return {
    db,
    kind: 'postgresql',
    version: async () => (await pool.query<{ v: string }>(VERSION_QUERY)).rows[0]?.v ?? 'unknown',
    close: () => pool.end(),
  };
}

/** PostgreSQL codes worth retrying a whole transaction for. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  // drizzle wraps driver errors; the code may sit on the cause.
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Run `work` in one transaction, retrying on serialisation failures and deadlocks. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = pgCode(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
    }
  }
}
