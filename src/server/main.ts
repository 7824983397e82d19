/**
 * Starts the server: validated env, database with migrations, demo data, HTTP on HOST:PORT.
 *
 * On PostgreSQL it runs one process per core (`WEB_CONCURRENCY`, node:cluster sharing one port): the
 * primary migrates and seeds once, then forks the workers that serve, and replaces a worker that
 * dies. Nothing a worker keeps in memory matters to another (sessions, limits, keys and locks are in
 * the database) and every background job runs once across all of them (lib/jobs.ts). PGlite is
 * embedded in one process, so it always runs as one.
 */
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { BACKGROUND_JOBS } from './background-jobs';
import { liveHubOf } from './modules/live/live-hub';
import { watchPushQueue } from './modules/live/push-queue';
import { buildContext } from './bootstrap';
import type { AppContext } from './context';
import type { Env } from './env';
import { loadEnv } from './env';
import { scheduleJob } from './lib/jobs';
import {
  answerClusterScrapes,
  clusterMetrics,
  collectProcessMetrics,
  processMetrics,
  serveMetrics,
} from './lib/metrics';
import { processCount } from './processes';
import { DEMO_OPERATOR } from './sandbox/demo-operator';
import { DEMO_ACCOUNT, seedDemoData } from './sandbox/seed';

function printBanner(env: Env, url: string, databaseKind: string, processes: number): void {
  const out = (line: string) => process.stdout.write(line);
  out(`\nCard Portal is running at ${url}\n`);
  out(`Database: ${databaseKind}${env.DATABASE_URL ? '' : ` in ${env.DATA_DIR}`}`);
  out(processes > 1 ? ` (${processes} server processes)\n` : '\n');
  if (env.APP_MODE !== 'demo') return;
  out(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}\n`);
  if (!env.SMTP_URL) out(`Sandbox mail outbox: ${url}/sandbox/outbox?to=EMAIL\n`);
  out(`Payment simulator: ${url}/sandbox/payments\n`);
  out(`Card-spend simulator: ${url}/sandbox/cards\n`);
  out(`Transfer review desk: ${url}/sandbox/forecasts\n`);
  out(`Identity review desk: ${url}/sandbox/identity\n`);
  out(`Payout review desk: ${url}/sandbox/payouts\n`);
  out(
    `Operator console: ${url}/console — ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}, ` +
      `authenticator key ${DEMO_OPERATOR.totpSecret} (demo only)\n\n`,
  );
}

function urlOf(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** Stops on SIGINT/SIGTERM: `close` first, then exit, and never later than five seconds. */
function onStopSignals(close: (done: () => void) => void, log: AppContext['log'] | null): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log?.info('stopping', { signal });
    close(() => process.exit(0));
    // Keep-alive connections must not hold the shutdown forever.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** One serving process: its own context and pool, the background jobs, HTTP. */
async function serveProcess(env: Env, announce: boolean): Promise<void> {
  const ctx = await buildContext(env);
  if (env.METRICS_PORT) {
    collectProcessMetrics();
    // One process serves its own figures; workers of a cluster answer the primary instead.
    if (announce) await serveMetrics(processMetrics(), env.METRICS_HOST, env.METRICS_PORT);
    else answerClusterScrapes();
  }
  if (announce && env.APP_MODE === 'demo') await seedDemoData(ctx);
  const stopJobs = BACKGROUND_JOBS.map((job) => scheduleJob(ctx, job));
  // Pushes go out as soon as any process queues one; the push job catches what this misses.
  stopJobs.push(await watchPushQueue(ctx));
  const app = createApp(ctx);
  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    if (announce) printBanner(env, urlOf(info.address, info.port), ctx.database.kind, 1);
  });
  onStopSignals((done) => {
    for (const stopJob of stopJobs) stopJob();
    server.close(() => void stopLive(ctx).finally(done));
  }, ctx.log);
}

/** The live hub reads the database until stopped, so it stops before the database closes. */
async function stopLive(ctx: AppContext): Promise<void> {
  await liveHubOf(ctx.database).stop();
  await ctx.database.close();
}

/** The primary of several processes: migrate and seed once, then fork and watch the workers. */
async function startPrimary(env: Env, processes: number): Promise<void> {
  const ctx = await buildContext(env); // applies the migrations under the advisory lock
  if (env.APP_MODE === 'demo') await seedDemoData(ctx);
  await ctx.database.close();
  if (env.METRICS_PORT) await serveMetrics(clusterMetrics(), env.METRICS_HOST, env.METRICS_PORT);
  let announced = false;
  let stopping = false;
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    printBanner(env, urlOf(address.address ?? env.HOST, address.port), 'postgresql', processes);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    ctx.log.error('server process died; starting another', { pid: worker.process.pid, code, signal });
    setTimeout(() => cluster.fork(), 1000).unref();
  });
  for (let i = 0; i < processes; i++) cluster.fork();
  onStopSignals((done) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) done();
    for (const worker of workers) {
      worker?.once('exit', () => --left === 0 && done());
      worker?.process.kill('SIGTERM');
    }
  }, ctx.log);
}

async function main(): Promise<void> {
  const env = loadEnv();
  const processes = processCount(env);
  if (processes === 1) return serveProcess(env, true);
  if (cluster.isPrimary) return startPrimary(env, processes);
  return serveProcess(env, false);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
