/**
 * Only the reads of `npm run bench` against their floors (issue 19 §1): `/api/user/info` on PGlite
 * and PostgreSQL, then `flowPage`, `card/page`, `card/pageForSub` and `cardGroup/page`.
 * `npx tsx tests/load/reads-only.ts`, with `TEST_DATABASE_URL` for the PostgreSQL half; add `info`
 * for `/api/user/info` alone (about 3 minutes instead of 14).
 */
import { rmSync } from 'node:fs';
import type { Report } from './bench-kit';
import { runCardsBench } from './cards-bench';
import { runFlowsBench } from './flows-bench';
import { runGroupsBench } from './groups-bench';
import { reportInfoAgainstFloor, signedInPortal } from './info-read';
import { cpuLoopMs } from './machine-speed';
import { scratchDatabase } from './scratch-database';
import { startServer } from './server-process';

const infoOnly = process.argv[2] === 'info';
const rows: string[] = [];
const report: Report = (name, value, target) => {
  rows.push(`| ${name} | ${value} | ${target} |`);
  process.stdout.write(`${name}: ${value}   (target ${target})\n`);
};

async function infoOnPglite(): Promise<void> {
  const dataDir = '.tmp/bench-reads';
  rmSync(dataDir, { recursive: true, force: true });
  const start = async () => signedInPortal(await startServer({ port: 8386, dataDir, keepData: true }));
  const portal = await start();
  try {
    await reportInfoAgainstFloor(report, 'PGlite', portal, start, { dataDir, url: '' });
  } finally {
    await portal.stop();
  }
}

async function infoOnPostgres(): Promise<void> {
  const scratch = await scratchDatabase('reads');
  if (!scratch) return;
  const dataDir = '.tmp/bench-reads-pg';
  try {
    rmSync(dataDir, { recursive: true, force: true });
    const env = { DATABASE_URL: scratch.url };
    const start = async () => signedInPortal(await startServer({ port: 8387, dataDir, keepData: true, env }));
    const portal = await start();
    try {
      await reportInfoAgainstFloor(report, 'PostgreSQL', portal, start, { dataDir, url: scratch.url });
    } finally {
      await portal.stop();
    }
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  report('machine speed at the start: 3×10⁸ additions in Node', `${cpuLoopMs().toFixed(0)} ms`, 'reported');
  await infoOnPglite();
  await infoOnPostgres();
  if (!infoOnly) {
    await runFlowsBench(report);
    await runCardsBench(report);
    await runGroupsBench(report);
  }
  report('machine speed at the end: 3×10⁸ additions in Node', `${cpuLoopMs().toFixed(0)} ms`, 'reported');
  process.stdout.write(`\n| figure | measured | target |\n| --- | --- | --- |\n${rows.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
