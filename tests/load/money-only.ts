/**
 * Only the money path of `npm run bench` (issue 19 §1): pgbench's minimal confirmation as the
 * baseline, then the portal's confirmation ceiling on one process, for one hot wallet and for 100
 * wallets, each as a ratio to its baseline. Needs `TEST_DATABASE_URL` (a scratch database is made
 * beside it). `npx tsx tests/load/money-only.ts`; `BENCH_PROCESSES=2` runs the portal with two
 * server processes (WEB_CONCURRENCY) instead of one.
 */
import { rmSync } from 'node:fs';
import { DEFAULT_DATABASE_POOL_SIZE } from '../../src/server/env';
import { signInDemo } from './bench-kit';
import { confirmationCeiling, reportCeiling, seedCustomers, signInCustomers } from './confirmation-ceiling';
import { cpuLoopMs } from './machine-speed';
import { pgbenchBaseline } from './pgbench-baseline';
import { scratchDatabase } from './scratch-database';
import { startServer } from './server-process';
import { BENCH_CHANNEL_SECRET } from './topups';

const CUSTOMERS = 100;
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const report = (name: string, value: string, target: string) =>
  process.stdout.write(`${name}: ${value}   (target ${target})\n`);

async function main(): Promise<void> {
  const scratch = await scratchDatabase('money');
  if (!scratch) throw new Error('TEST_DATABASE_URL is not set: the money path is measured on PostgreSQL');
  report('machine speed at the start: 3×10⁸ additions in Node', `${cpuLoopMs().toFixed(0)} ms`, 'reported');
  const dataDir = '.tmp/bench-money';
  rmSync(dataDir, { recursive: true, force: true });
  try {
    await seedCustomers(scratch.url, dataDir, CUSTOMERS);
    const one = await pgbenchBaseline({ clients: DEFAULT_DATABASE_POOL_SIZE, seconds: 10, wallets: 1 });
    const hundred = await pgbenchBaseline({ clients: DEFAULT_DATABASE_POOL_SIZE, seconds: 10, wallets: 100 });
    report(
      'pgbench, the minimal confirmation, 1 wallet / 100 wallets',
      `${one?.toFixed(0)} / ${hundred?.toFixed(0)} tps`,
      'baseline',
    );
    const server = await startServer({
      port: 8388,
      dataDir,
      keepData: true,
      env: {
        PAYMENT_CHANNEL_SECRETS: `wechat:${BENCH_CHANNEL_SECRET}`,
        DATABASE_URL: scratch.url,
        WEB_CONCURRENCY: String(PROCESSES),
      },
    });
    try {
      if (one) {
        const token = await signInDemo(server.url);
        reportCeiling(
          report,
          `PostgreSQL, ${PROCESSES} process(es), 1 wallet`,
          await confirmationCeiling(server.url, [token], one),
          one,
        );
      }
      if (hundred) {
        const customers = await signInCustomers(server.url, CUSTOMERS);
        reportCeiling(
          report,
          `PostgreSQL, ${PROCESSES} process(es), ${CUSTOMERS} wallets`,
          await confirmationCeiling(server.url, customers, hundred),
          hundred,
        );
      }
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
