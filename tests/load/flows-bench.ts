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
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import type { Report, Target } from './bench-kit';
import type { KindLatencies, QueryKinds } from './bench-kit';
import { measureKinds, onEachDatabase, onSeededServer, reportKinds } from './bench-kit';
import { SEED_START, SEED_STEP_MINUTES, seedFlowHistory } from './flows-seed';
import type { ReadFigures } from './floor';
import { measureRead, reportAgainstFloor, variedRead } from './floor';
import { callApi } from './http-client';
import type { RunningServer } from './server-process';

const MOVEMENTS = 50_000; // two flow rows each
const PAGE_REQUESTS = 210;
const BENCH_DB = 'card_portal_bench_flows';

/** The demo account's history, bulk-seeded (flows-seed.ts); then the index maps the benchmark needs. */
async function seedHistory(ctx: AppContext, demoId: string): Promise<string> {
  const seconds = await seedFlowHistory(ctx.database, demoId, MOVEMENTS);
  // Index-only scans (the counts, the skipped rows of deep pages) need the visibility map.
  // PostgreSQL's autovacuum sets it soon after a bulk load; on PGlite the server's hourly purge
  // (which also runs at start) vacuums the ledger — done here so both start measured alike.
  await ctx.database.db.execute(sql`vacuum analyze ledger_entries`);
  return `${MOVEMENTS * 2} flow rows in ${seconds.toFixed(1)} s`;
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

/** flowPage against its floor: varied queries at a rate one core keeps up with on a slow day. */
const FLOOR_LOAD = { rps: 40, seconds: 10, inFlight: 8 };
const flowRead = (token: string) =>
  variedRead(QUERY_KINDS, async (url, query) => {
    const answer = await callApi(`${url}/api/account/flowPage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(query).toString(),
    });
    return answer.code === 200;
  });

function benchOn(target: Target, report: Report): Promise<void> {
  const label = target.name;
  let portal: ReadFigures | null = null;
  return onSeededServer(
    target,
    { dbName: BENCH_DB, folder: 'bench-flows', seed: seedHistory },
    async (server, token) => {
      portal = await measureRead(server.url, flowRead(token), FLOOR_LOAD);
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
    },
    async (floor, token) => {
      const figures = await measureRead(floor.url, flowRead(token), FLOOR_LOAD);
      if (portal) reportAgainstFloor(report, `flowPage on ${label}`, FLOOR_LOAD.rps, portal, figures);
    },
  );
}

export async function runFlowsBench(report: Report): Promise<void> {
  process.stdout.write('Financial breakdown: seeding 100,000 flow rows…\n');
  await onEachDatabase((target) => benchOn(target, report));
}
