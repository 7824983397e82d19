/**
 * A throw-away PostgreSQL database for the PostgreSQL half of the benchmark, made on the server of
 * `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` and dropped afterwards. Null when neither is set or
 * the server does not answer.
 */
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** `tag` tells two scratch databases of one run apart. */
export async function scratchDatabase(tag = 'main'): Promise<ScratchDatabase | null> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `card_portal_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
