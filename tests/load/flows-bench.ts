/**
 * Figures of the financial breakdown (issue 4 §4): flowPage latency with 100,000 flow rows on one
 * account, and the export of all 100,000 rows (wall time and the server's peak extra memory). Runs
 * on PGlite, and on PostgreSQL as well when DATABASE_URL or TEST_DATABASE_URL names a server (a
 * private database is created there and dropped afterwards).
 *
 * The history is bulk-seeded into the demo account before the server starts (flows-seed.ts); the
 * measurements then go through the real server over HTTP, one request at a time, so the latencies
 * are those of a request, not of a queue. Peak extra memory is the server's resident memory sampled
 * every 10 ms during the download, minus what it was just before.
 *
 * `npx tsx tests/load/flows-only.ts` runs this part alone. BENCH_FLOWS_VACUUM=1 vacuums the PGlite
 * database after seeding (PostgreSQL always is: autovacuum would); BENCH_FLOWS_EXTRA_INDEX=1 adds
 * the indexes proposed in docs/benchmarks.md.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildContext } from '../../src/server/bootstrap';
import { loadEnv } from '../../src/server/env';
import { auditLedger, isHealthy } from '../../src/server/modules/ledger';
import { DEMO_ACCOUNT, seedDemoData } from '../../src/server/sandbox/seed';
import type { Report } from './bench-kit';
import type { KindLatencies, QueryKinds } from './bench-kit';
import { admin, freePort, measureKinds, reportKinds, signInDemo, withDatabase } from './bench-kit';
import { SEED_START, SEED_STEP_MINUTES, seedFlowHistory } from './flows-seed';
import type { RunningServer } from './server-process';
import { startServer } from './server-process';

const MOVEMENTS = 50_000; // two flow rows each
const PAGE_REQUESTS = 210;
const BENCH_DB = 'card_portal_bench_flows';

interface Target {
  name: string;
  /** PostgreSQL server URL (any database on it); absent for PGlite. */
  serverUrl?: string;
}

/** Seeds the demo account's history; returns the environment the server needs to find it. */
async function prepare(target: Target, dataDir: string): Promise<Record<string, string>> {
  rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl = '';
  if (target.serverUrl) {
    await admin(target.serverUrl, `drop database if exists ${BENCH_DB} with (force)`);
    await admin(target.serverUrl, `create database ${BENCH_DB}`);
    databaseUrl = withDatabase(target.serverUrl, BENCH_DB);
  }
  const ctx = await buildContext(
    loadEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl || undefined, LOG_LEVEL: 'silent' }),
  );
  try {
    await seedDemoData(ctx);
    const demo = await ctx.database.db.query.accounts.findFirst({
      columns: { id: true },
      where: (a, { eq }) => eq(a.email, DEMO_ACCOUNT.email),
    });
    if (!demo) throw new Error('demo account missing');
    const seconds = await seedFlowHistory(ctx.database, demo.id, MOVEMENTS);
    // The seed bypasses postMovement, so prove it kept the ledger's rules before measuring on it.
    const problems = await auditLedger(ctx.database.db);
    if (!isHealthy(problems)) throw new Error(`seeded ledger is broken: ${JSON.stringify(problems)}`);
    // Index-only scans (the counts, the skipped rows of deep pages) need the visibility map.
    // PostgreSQL's autovacuum sets it soon after a bulk load; on PGlite the server's hourly purge
    // (which also runs at start) vacuums the ledger — done here so both start measured alike.
    await ctx.database.db.execute(sql`vacuum analyze ledger_entries`);
    process.stdout.write(
      `  seeded ${MOVEMENTS * 2} flow rows on ${target.name} in ${seconds.toFixed(1)} s; ledger audit clean\n`,
    );
  } finally {
    await ctx.database.close();
  }
  // An empty DATABASE_URL means PGlite, whatever the benchmark's own environment says.
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
}

/** Movement i's transaction number and its UTC+8 calendar date, as flows-seed.ts makes them. */
function seeded(i: number): { txnNo: string; date: string } {
  const local = new Date(
    Date.parse(SEED_START) + i * SEED_STEP_MINUTES * 60_000 + 8 * 3600_000,
  ).toISOString();
  const stamp = local.slice(0, 19).replace(/[-:T]/g, '');
  return { txnNo: `T${stamp}${String(i % 1_000_000).padStart(6, '0')}`, date: local.slice(0, 10) };
}

const QUERY_KINDS: QueryKinds = {
  'no filter, any page': (rand) => ({ pageNo: String(1 + Math.floor(rand() * 500)), pageSize: '20' }),
  'type, early page': (rand) => ({
    type: ['topup', 'fee', 'card_recharge', 'card_refund', 'rebate'][Math.floor(rand() * 5)]!,
    pageNo: String(1 + Math.floor(rand() * 20)),
  }),
  'currency, 100 a page': (rand) => ({
    currency: rand() < 0.5 ? 'USD' : 'CNY',
    pageNo: String(1 + Math.floor(rand() * 10)),
    pageSize: '100',
  }),
  'date range': (rand) => {
    const i = Math.floor(rand() * MOVEMENTS);
    return { startDate: seeded(i).date, endDate: seeded(Math.min(MOVEMENTS - 1, i + 144 * 30)).date };
  },
  'card serial': (rand) => ({ cardSerial: `C${String(Math.floor(rand() * 500)).padStart(4, '0')}` }),
  'transaction number': (rand) => ({ txnNo: seeded(Math.floor(rand() * MOVEMENTS)).txnNo }),
  'currency + type + week': (rand) => {
    const i = Math.floor(rand() * MOVEMENTS);
    return {
      currency: 'CNY',
      type: 'fee',
      startDate: seeded(i).date,
      endDate: seeded(Math.min(MOVEMENTS - 1, i + 144 * 7)).date,
    };
  },
};

function measurePages(url: string, token: string): Promise<KindLatencies> {
  return measureKinds(
    QUERY_KINDS,
    async (query) => {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/account/flowPage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(query),
      });
      const body = (await res.json()) as { code: number; data: { total: number } };
      return { ms: performance.now() - t0, ok: body.code === 200 && body.data.total > 0 };
    },
    PAGE_REQUESTS,
  );
}

interface ExportFigures {
  seconds: number;
  megabytes: number;
  lines: number;
  baseMb: number;
  peakMb: number;
}

/** Downloads the whole export, sampling the server's resident memory every 10 ms meanwhile. */
async function measureExport(
  server: RunningServer,
  token: string,
  format: 'xlsx' | 'csv',
): Promise<ExportFigures> {
  await new Promise((r) => setTimeout(r, 500));
  const baseMb = server.rssMb();
  let peakMb = baseMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, server.rssMb());
  }, 10);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${server.url}/api/account/flowDown?format=${format}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    });
    if (res.status !== 200 || !res.body) throw new Error(`flowDown answered ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (format === 'csv') for (const byte of value) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peakMb = Math.max(peakMb, server.rssMb());
  return { seconds: (performance.now() - t0) / 1000, megabytes: bytes / 1_048_576, lines, baseMb, peakMb };
}

async function benchOn(target: Target, report: Report): Promise<void> {
  const label = target.name;
  const dataDir = resolve(`.tmp/bench-flows-${target.serverUrl ? 'pg' : 'pglite'}`);
  const env = await prepare(target, dataDir);
  // startServer empties its dataDir before starting: give it a scratch one and point DATA_DIR at
  // the seeded folder through the environment, which it passes on last.
  const server = await startServer({ port: await freePort(), dataDir: `${dataDir}-scratch`, env });
  try {
    const token = await signInDemo(server.url);
    const pages = await measurePages(server.url, token);
    reportKinds(
      report,
      `flowPage with 100,000 rows, ${PAGE_REQUESTS} varied requests on ${label}`,
      pages,
      'p99 ≤ 50 ms',
    );
    for (const format of ['xlsx', 'csv'] as const) {
      const run = await measureExport(server, token, format);
      const rows = format === 'csv' ? `, ${run.lines - 1} rows` : '';
      report(
        `flowDown ${format.toUpperCase()} of 100,000 rows on ${label}`,
        `${run.seconds.toFixed(1)} s, ${run.megabytes.toFixed(1)} MB${rows}, server RSS ${run.baseMb} → peak ${run.peakMb} MB (+${run.peakMb - run.baseMb} MB)`,
        '≤ 10 s, ≤ 150 MB extra',
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-scratch`, { recursive: true, force: true });
    if (target.serverUrl) await admin(target.serverUrl, `drop database if exists ${BENCH_DB} with (force)`);
  }
}

export async function runFlowsBench(report: Report): Promise<void> {
  process.stdout.write('Financial breakdown: seeding 100,000 flow rows…\n');
  await benchOn({ name: 'PGlite' }, report);
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) await benchOn({ name: 'PostgreSQL', serverUrl }, report);
}
