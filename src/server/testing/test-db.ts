/**
 * Databases for server tests. PGlite: a migrated template folder made once (global setup) and copied
 * per test file. PostgreSQL (TEST_DATABASE_URL): a migrated template database cloned per test file.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Database } from '../db/client';
import { openDatabase } from '../db/client';
import { liveHubOf } from '../modules/live/live-hub';

export type TestDbKind = 'pglite' | 'postgresql';

const TMP = resolve('.tmp');

/**
 * Each test run builds its own template (named by the run's id, provided by the global setup), so
 * runs started side by side never rebuild a template another run is copying.
 */
export function templateNames(runId: string): { pgliteFolder: string; pgDatabase: string } {
  return { pgliteFolder: join(TMP, `pglite-template-${runId}`), pgDatabase: `card_portal_template_${runId}` };
}

function currentRunId(): string {
  try {
    return inject('testRunId');
  } catch {
    return 'adhoc';
  }
}

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB_KIND === 'postgresql' ? 'postgresql' : 'pglite';
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Global setup: build the template once per run. */
export async function prepareTemplate(kind: TestDbKind, runId: string): Promise<void> {
  const names = templateNames(runId);
  if (kind === 'pglite') {
    rmSync(names.pgliteFolder, { recursive: true, force: true });
    mkdirSync(TMP, { recursive: true });
    const db = await openDatabase({ dataDir: names.pgliteFolder });
    await db.close();
    return;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  await adminQuery(`drop database if exists ${names.pgDatabase} with (force)`);
  await adminQuery(`create database ${names.pgDatabase}`);
  const db = await openDatabase({ url: withDatabase(url, names.pgDatabase), dataDir: '' });
  await db.close();
}

/** Global teardown: remove the run's template. */
export async function removeTemplate(kind: TestDbKind, runId: string): Promise<void> {
  const names = templateNames(runId);
  if (kind === 'pglite') {
    rmSync(names.pgliteFolder, { recursive: true, force: true });
    return;
  }
  await adminQuery(`drop database if exists ${names.pgDatabase} with (force)`);
}

export interface TestDatabase {
  database: Database;
  dataDir: string;
  /** The connection string on PostgreSQL (for server processes of the test); null on PGlite. */
  url: string | null;
  dispose(): Promise<void>;
}

/** A private, migrated database for one test file. */
export async function openTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const names = templateNames(currentRunId());
  const dataDir = join(TMP, `run-${suffix}`);
  mkdirSync(dataDir, { recursive: true });
  if (kind === 'pglite') {
    if (!existsSync(names.pgliteFolder)) await prepareTemplate('pglite', currentRunId());
    cpSync(join(names.pgliteFolder, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      url: null,
      dispose: async () => {
        await liveHubOf(database).stop();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `card_portal_t_${suffix}`;
  await adminQuery(`create database ${name} template ${names.pgDatabase}`);
  const database = await openDatabase({ url: withDatabase(url, name), dataDir });
  return {
    database,
    dataDir,
    url: withDatabase(url, name),
    dispose: async () => {
      await liveHubOf(database).stop();
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's template database (see templateNames). */
    testRunId: string;
  }
}
