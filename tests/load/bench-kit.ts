/**
 * Pieces the benchmark parts share: a private database on a PostgreSQL server, a free port,
 * signing in as the demo account, and a repeatable pseudo-random sequence (src/server/testing/prng.ts).
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildContext } from '../../src/server/bootstrap';
import type { AppContext } from '../../src/server/context';
import { accounts } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { prng } from '../../src/server/testing/prng';
import { auditLedger, isHealthy } from '../../src/server/modules/ledger';
import { DEMO_ACCOUNT, seedDemoData } from '../../src/server/sandbox/seed';
import { percentile } from './fixed-rate';
import { FLOOR_ENTRY } from './floor';
import type { RunningServer } from './server-process';
import { startServer } from './server-process';

export type Report = (name: string, value: string, target: string) => void;

export const BASIC = `Basic ${Buffer.from('portal:portal').toString('base64')}`;

/** The same server URL pointing at database `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server of `serverUrl` (create or drop a database). */
export async function admin(serverUrl: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the floor server (floor.ts) on the database the portal used; on PGlite the portal must be stopped. */
export async function startFloor(
  dataDir: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer({
    port: await freePort(),
    dataDir,
    keepData: true,
    entry: FLOOR_ENTRY,
    env: { ...env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
}

export async function signInDemo(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/loginPwd`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

export { prng };

export type QueryKinds = Record<string, (rand: () => number) => Record<string, string>>;
export type Ask = (query: Record<string, string>) => Promise<{ ms: number; ok: boolean }>;

export interface KindLatencies {
  /** Every request's latency in ms, ascending. */
  sorted: number[];
  byKind: Map<string, number[]>;
  failed: number;
}

/** `requests` requests one at a time, cycling through the kinds (after 20 of warm-up). */
export async function measureKinds(kinds: QueryKinds, ask: Ask, requests: number): Promise<KindLatencies> {
  const rand = prng(20_261_122);
  const entries = Object.entries(kinds);
  const all: number[] = [];
  const byKind = new Map<string, number[]>();
  let failed = 0;
  for (let i = 0; i < 20; i++) await ask(entries[i % entries.length]![1](rand));
  for (let i = 0; i < requests; i++) {
    const [kind, make] = entries[i % entries.length]!;
    const { ms, ok } = await ask(make(rand));
    if (!ok) failed++;
    all.push(ms);
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  }
  return { sorted: all.sort((a, b) => a - b), byKind, failed };
}

/** Reports the overall p50/p99 and prints each kind's p50 and maximum beneath it. */
export function reportKinds(report: Report, name: string, pages: KindLatencies, target: string): void {
  report(
    name,
    `p50 ${percentile(pages.sorted, 50).toFixed(1)} ms, p99 ${percentile(pages.sorted, 99).toFixed(1)} ms, failed ${pages.failed}`,
    target,
  );
  for (const [kind, latencies] of pages.byKind) {
    const sorted = [...latencies].sort((a, b) => a - b);
    process.stdout.write(
      `    ${kind}: p50 ${percentile(sorted, 50).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms\n`,
    );
  }
}

/** Where a bench part runs: PGlite, or a private database on a PostgreSQL server. */
export interface Target {
  name: string;
  /** PostgreSQL server URL (any database on it); absent for PGlite. */
  serverUrl?: string;
}

/**
 * A fresh database for `target` (a PGlite folder, or database `dbName` on the PostgreSQL server),
 * the demo data, then `seed` with the demo account's id; the ledger must still audit clean. Then
 * the real server runs on it for `measure`, and everything is removed afterwards.
 */
export async function onSeededServer(
  target: Target,
  options: { dbName: string; folder: string; seed: (ctx: AppContext, demoId: string) => Promise<string> },
  measure: (server: RunningServer, token: string) => Promise<void>,
  /** After the portal has stopped: the floor server (floor.ts) on the same data, the same token. */
  measureFloor?: (floor: RunningServer, token: string) => Promise<void>,
): Promise<void> {
  const dataDir = resolve(`.tmp/${options.folder}-${target.serverUrl ? 'pg' : 'pglite'}`);
  rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl = '';
  if (target.serverUrl) {
    await admin(target.serverUrl, `drop database if exists ${options.dbName} with (force)`);
    await admin(target.serverUrl, `create database ${options.dbName}`);
    databaseUrl = withDatabase(target.serverUrl, options.dbName);
  }
  const ctx = await buildContext(
    loadEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl || undefined, LOG_LEVEL: 'silent' }),
  );
  try {
    await seedDemoData(ctx);
    const [demo] = await ctx.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, DEMO_ACCOUNT.email));
    if (!demo) throw new Error('demo account missing');
    const seeded = await options.seed(ctx, demo.id);
    // Seeds may bypass postMovement: prove they kept the ledger's rules before measuring on them.
    const problems = await auditLedger(ctx.database.db);
    if (!isHealthy(problems)) throw new Error(`seeded ledger is broken: ${JSON.stringify(problems)}`);
    process.stdout.write(`  seeded ${seeded} on ${target.name}; ledger audit clean\n`);
  } finally {
    await ctx.database.close();
  }
  // startServer empties its dataDir before starting: give it a scratch one and point DATA_DIR at
  // the seeded folder through the environment, which it passes on last. An empty DATABASE_URL
  // means PGlite, whatever the benchmark's own environment says.
  const server = await startServer({
    port: await freePort(),
    dataDir: `${dataDir}-scratch`,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
  try {
    const token = await signInDemo(server.url);
    await measure(server, token);
    if (measureFloor) {
      await server.stop(); // PGlite is open in one process at a time
      const floor = await startFloor(dataDir, databaseUrl);
      try {
        await measureFloor(floor, token);
      } finally {
        await floor.stop();
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-scratch`, { recursive: true, force: true });
    if (target.serverUrl)
      await admin(target.serverUrl, `drop database if exists ${options.dbName} with (force)`);
  }
}

/** PGlite, then PostgreSQL as well when DATABASE_URL or TEST_DATABASE_URL names a server. */
export async function onEachDatabase(run: (target: Target) => Promise<void>): Promise<void> {
  await run({ name: 'PGlite' });
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) await run({ name: 'PostgreSQL', serverUrl });
}
