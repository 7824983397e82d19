/**
 * A fresh PostgreSQL database of the suite's own, created on the server of
 * `PRODUCTION_E2E_DATABASE_URL` (else `TEST_DATABASE_URL`, else the local server CI always has) and
 * dropped at the end. No PostgreSQL is a failure, never a skip: production runs on PostgreSQL only.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

const DEFAULT_SERVER = 'postgres://root@127.0.0.1:5432/test';

export async function createFreshDatabase(): Promise<FreshDatabase> {
  const server = process.env.PRODUCTION_E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER;
  const name = `card_portal_prod_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch (error) {
    const where = new URL(server);
    throw new Error(
      `The production suite needs PostgreSQL and none answers at ${where.host} (${String(error)}). ` +
        'Start one, or point PRODUCTION_E2E_DATABASE_URL at one (docs/deployment.md, step 2).',
    );
  }
  try {
    // Step 2 of docs/deployment.md: an empty database owned by the portal's user.
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
