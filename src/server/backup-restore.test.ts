/**
 * Backup and restore as docs/deployment.md writes them down (issue 28 §4), PostgreSQL only: a
 * `pg_dump` of a database with cards and balances, restored with `pg_restore` into a fresh
 * database, starts with the key it was sealed with and shows every balance, card and reveal the
 * same; started without that key, or with another, it is refused.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from './bootstrap';
import type { AppContext } from './context';
import { cards, ledgerAccounts } from './db/schema';
import { loadEnv } from './env';
import { claimDatabaseKey } from './lib/key-fingerprint';
import { openTestCard } from './testing/cards';
import type { TestApp } from './testing/harness';
import { createTestApp } from './testing/harness';
import { signedInAccount } from './testing/signed-in';
import { withDatabase } from './testing/test-db';

const onPostgres = process.env.TEST_DB_KIND === 'postgresql';
const hasTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
if (onPostgres && !hasTools)
  // tools/ensure-pg-client.sh installs them; without them the test cannot run, and says so.
  process.stderr.write('backup-restore.test.ts skipped: pg_dump/pg_restore are not installed\n');

describe.runIf(onPostgres && hasTools)('backup and restore of a PostgreSQL database', () => {
  let t: TestApp;
  const restoredName = `card_portal_restored_${randomBytes(4).toString('hex')}`;
  let restoredUrl: string;
  let key: string;
  const dumpFile = join('.tmp', `${restoredName}.dump`);

  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  }

  async function snapshot(ctx: AppContext) {
    const balances = await ctx.database.db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .orderBy(asc(ledgerAccounts.id));
    const cardRows = await ctx.database.db.select().from(cards).orderBy(asc(cards.id));
    // A reveal opens the card's sealed secrets with the server key.
    const reveals = cardRows.map((card) => ({ id: card.id, secrets: ctx.box.open(card.secrets) }));
    return { balances, cards: cardRows, reveals };
  }

  const start = (env: Record<string, string>) =>
    buildContext(loadEnv({ LOG_LEVEL: 'silent', DATABASE_URL: restoredUrl, ...env }));

  beforeAll(async () => {
    t = await createTestApp();
    key = readFileSync(join(t.ctx.env.DATA_DIR, 'secret.key'), 'utf8').trim();
    await claimDatabaseKey(t.ctx.database, t.ctx.box, 'SECRET_KEY');
    for (let i = 0; i < 2; i++) {
      const me = await signedInAccount(t);
      await openTestCard(t, me.accountId, { balance: 1_000 * (i + 1) });
      await openTestCard(t, me.accountId, { balance: 250 });
    }
    restoredUrl = withDatabase(process.env.TEST_DATABASE_URL!, restoredName);
  });
  afterAll(async () => {
    await t?.close();
    await admin(`drop database if exists ${restoredName} with (force)`);
    rmSync(dumpFile, { force: true });
  });

  it('restores every balance, card and reveal with the key, and refuses without it or with another', async () => {
    const before = await snapshot(t.ctx);
    expect(before.cards.length).toBeGreaterThanOrEqual(4);
    const source = await currentDatabaseUrl(t);
    execFileSync('pg_dump', ['--format=custom', `--file=${dumpFile}`, source]);
    await admin(`create database ${restoredName}`);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dumpFile]);

    const restored = await start({ SECRET_KEY: key });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.database.close();
    }
    // Without the key: a fresh data folder makes a key file of its own, which is another key.
    const fresh = join('.tmp', `${restoredName}-no-key`);
    await expect(start({ DATA_DIR: fresh })).rejects.toThrow(/is not the key of this database/);
    rmSync(fresh, { recursive: true, force: true });
    await expect(start({ SECRET_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(
      /Refusing to start: SECRET_KEY is not the key of this database: start with the SECRET_KEY/,
    );
    await expect(start({ APP_MODE: 'production', SMTP_URL: 'smtp://mail.internal:587' })).rejects.toThrow(
      /SECRET_KEY is required/,
    );
  });
});

/** The connection string of the harness's PostgreSQL database. */
async function currentDatabaseUrl(t: TestApp): Promise<string> {
  const result = (await t.ctx.database.db.execute('select current_database() as name')) as unknown as {
    rows: { name: string }[];
  };
  return withDatabase(process.env.TEST_DATABASE_URL!, result.rows[0]!.name);
}
