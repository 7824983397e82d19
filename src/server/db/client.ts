/**
 * The database: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when DATABASE_URL is
 * set. Both are driven through the same Drizzle API and the same migrations.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { DEFAULT_DATABASE_POOL_SIZE } from '../env';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: operations accept both. */
export type Executor = Db | Tx;

/**
 * The rows of a raw SQL statement. Both drivers answer `{ rows }`; column names come as written in
 * the SQL, and a bigint comes back as a string from pg and a number from PGlite (read it with Number).
 */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  /**
   * A statement on a hot path (the bearer-token lookup on nearly every request, the one call that
   * settles a channel's callback), prepared once by name on the database connection so later runs
   * skip parsing and planning. It runs on its own, outside any open transaction: one statement, one
   * transaction. `text` uses $1, $2… for the parameters, which are passed as text; rows come back
   * keyed by column name, timestamps as Date. Asking again for a name gives the same statement; a
   * different text under a used name throws.
   */
  prepared<Row>(name: string, text: string): PreparedStatement<Row>;
  version(): Promise<string>;
  close(): Promise<void>;
}

export type PreparedStatement<Row> = (params: readonly string[]) => Promise<Row[]>;

/** `show server_version` names its column server_version; the alias gives the `v` read below. */
const VERSION_QUERY = "select current_setting('server_version') as v";

export const MIGRATIONS_FOLDER = resolve('src/server/db/migrations');

export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
  /** PostgreSQL connections of this process (PGlite has one). */
  poolSize?: number;
}): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const folder = join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  if (!existsSync(join(folder, 'PG_VERSION'))) initPgliteFolder(folder);
  const client = await PGlite.create(folder);
  // PGlite's pages live in this process's memory and the OS cache: reading one at random costs
  // about what reading the next one does, so the planner is told so (PostgreSQL's default of 4
  // assumes a seeking disk). With the default it counted a customer's 100,000 flow rows by
  // reading the whole table, twice as slow as through their index (docs/benchmarks.md).
  await client.exec('set random_page_cost = 1.1');
  const db = drizzle(client, { schema }) as unknown as Db;
  // A new folder arrives migrated from the child process; here only migrations added since apply.
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    prepared: byName(<Row>(name: string, text: string): PreparedStatement<Row> => {
      // PGlite's `query()` drives the extended protocol as six separate calls into the WebAssembly
      // module (parse, describe, bind, describe, execute, sync) and plans the statement every time:
      // about 1.6 ms for the session lookup here, against 0.3 ms for EXECUTE of a statement
      // PREPAREd once, sent as one simple-protocol message. EXECUTE is a utility statement, which
      // takes no bind parameters, so its arguments travel as quoted literals.
      let ready: Promise<unknown> | null = null;
      return async (params) => {
        ready ??= client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
          ready = null;
          throw error;
        });
        await ready;
        const args = params.length > 0 ? `(${params.map(quoteLiteral).join(', ')})` : '';
        const [result] = await client.exec(`execute ${name}${args}`);
        return (result?.rows ?? []) as Row[];
      };
    }),
    version: async () => (await client.query<{ v: string }>(VERSION_QUERY)).rows[0]?.v ?? 'unknown',
    close: () => client.close(),
  };
}

function initPgliteFolder(folder: string): void {
  const script = resolve('src/server/db/pglite-init.mjs');
  const result = spawnSync(process.execPath, [script, folder, MIGRATIONS_FOLDER], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`PGlite initialisation failed: ${result.stderr.toString().slice(0, 500)}`);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: poolSize });
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
    // `pg` parses a named statement once per pooled connection and then only binds and executes it.
    prepared: byName(
      <Row>(name: string, text: string): PreparedStatement<Row> =>
        async (params) =>
          (await pool.query({ name, text, values: [...params] })).rows as Row[],
    ),
    version: async () => (await pool.query<{ v: string }>(VERSION_QUERY)).rows[0]?.v ?? 'unknown',
    close: () => pool.end(),
  };
}

/** One statement per name and database: a second PREPARE of a name would fail on the connection. */
function byName(
  make: <Row>(name: string, text: string) => PreparedStatement<Row>,
): <Row>(name: string, text: string) => PreparedStatement<Row> {
  const made = new Map<string, { text: string; run: PreparedStatement<unknown> }>();
  return <Row>(name: string, text: string): PreparedStatement<Row> => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a statement name: ${name}`);
    const known = made.get(name);
    if (known && known.text !== text)
      throw new Error(`Statement ${name} is already prepared with another text`);
    if (known) return known.run as PreparedStatement<Row>;
    const run = make<Row>(name, text);
    made.set(name, { text, run });
    return run;
  };
}

/**
 * A text value as an SQL literal: quotes doubled, and the E'' form with doubled backslashes when
 * there are any, so the value reads the same whatever standard_conforming_strings says.
 */
export function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('A text value cannot contain NUL');
  const quoted = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** PostgreSQL codes worth retrying a whole transaction for. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === '23505';
}

/** The SQLSTATE and DETAIL of a database error, from either driver. */
export interface DatabaseErrorFields {
  code: string;
  detail: string | undefined;
}

export function databaseErrorOf(error: unknown): DatabaseErrorFields | undefined {
  let e: unknown = error;
  // drizzle wraps driver errors; the code may sit on the cause.
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (typeof code === 'string') return { code, detail: typeof detail === 'string' ? detail : undefined };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `work` again on serialisation failures and deadlocks, which PostgreSQL may answer to any
 * transaction under contention: retrying the whole of it is the documented remedy.
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = databaseErrorOf(error)?.code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
    }
  }
}

/** Run `work` in one transaction, retrying on serialisation failures and deadlocks. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  return withRetry(() => db.transaction(work), attempts);
}
