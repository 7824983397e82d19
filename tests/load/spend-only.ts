/**
 * Only the money paths against their floor (issue 33 §7, money-floor.ts): pgbench's minimal
 * confirmation as the database's limit, then the payment confirmation and the authorization
 * decision on the portal (one process) and on the floor server, on one scratch PostgreSQL database.
 * Needs `TEST_DATABASE_URL`. `npx tsx tests/load/spend-only.ts`; `BENCH_SIZE=small` for a quick check
 * that it runs end to end (200 cards, pgbench 3 s, two short steps: its figures mean nothing).
 */
import { rmSync } from 'node:fs';
import { DEFAULT_DATABASE_POOL_SIZE } from '../../src/server/env';
import { signInDemo } from './bench-kit';
import { cpuLoopMs } from './machine-speed';
import { MONEY_SECRETS, reportMoneyAgainstFloor, seedAuthorizations } from './money-floor';
import { pgbenchBaseline } from './pgbench-baseline';
import { scratchDatabase } from './scratch-database';
import { startServer } from './server-process';

const report = (name: string, value: string, target: string) =>
  process.stdout.write(`${name}: ${value}   (target ${target})\n`);

async function main(): Promise<void> {
  const scratch = await scratchDatabase('spend');
  if (!scratch) throw new Error('TEST_DATABASE_URL is not set: the money paths are measured on PostgreSQL');
  report('machine speed at the start: 3×10⁸ additions in Node', `${cpuLoopMs().toFixed(0)} ms`, 'reported');
  const dataDir = '.tmp/bench-spend';
  rmSync(dataDir, { recursive: true, force: true });
  try {
    const seed = await seedAuthorizations(scratch.url, dataDir);
    const one = await pgbenchBaseline({
      clients: DEFAULT_DATABASE_POOL_SIZE,
      seconds: process.env.BENCH_SIZE === 'small' ? 3 : 10,
      wallets: 1,
    });
    if (!one) throw new Error('pgbench is not available');
    report('pgbench, the minimal confirmation, 1 wallet', `${one.toFixed(0)} tps`, 'baseline');
    const server = await startServer({
      port: 8389,
      dataDir,
      keepData: true,
      env: { ...MONEY_SECRETS, DATABASE_URL: scratch.url, WEB_CONCURRENCY: '1' },
    });
    try {
      const token = await signInDemo(server.url);
      await reportMoneyAgainstFloor(report, {
        portalUrl: server.url,
        tokens: [token],
        databaseUrl: scratch.url,
        dataDir,
        seed,
        pgbenchTps: one,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
  report('machine speed at the end: 3×10⁸ additions in Node', `${cpuLoopMs().toFixed(0)} ms`, 'reported');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
