/** Starts the server: validated env, database with migrations, demo data, HTTP on HOST:PORT. */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildContext } from './bootstrap';
import { loadEnv } from './env';
import { schedulePurge } from './lib/purge';
import { scheduleAgentJobs } from './modules/agent/schedule-agent-jobs';
import { scheduleTopupSweep } from './modules/topups/sweep-orders';
import { DEMO_ACCOUNT, seedDemoData } from './sandbox/seed';

async function main(): Promise<void> {
  const env = loadEnv();
  const ctx = await buildContext(env);
  if (env.APP_MODE === 'demo') await seedDemoData(ctx);
  schedulePurge(ctx);
  scheduleTopupSweep(ctx);
  scheduleAgentJobs(ctx);
  const app = createApp(ctx);
  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    const url = `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
    process.stdout.write(`\nCard Portal is running at ${url}\n`);
    process.stdout.write(`Database: ${ctx.database.kind}${env.DATABASE_URL ? '' : ` in ${env.DATA_DIR}`}\n`);
    if (env.APP_MODE === 'demo') {
      process.stdout.write(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}\n`);
      process.stdout.write(`Sandbox mail outbox: ${url}/sandbox/outbox?to=EMAIL\n`);
      process.stdout.write(`Payment simulator: ${url}/sandbox/payments\n`);
      process.stdout.write(`Card-spend simulator: ${url}/sandbox/cards\n`);
      process.stdout.write(`Transfer review desk: ${url}/sandbox/forecasts\n`);
      process.stdout.write(`Payout review desk: ${url}/sandbox/payouts\n\n`);
    }
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info('stopping', { signal });
    server.close(() => {
      void ctx.database.close().finally(() => process.exit(0));
    });
    // Keep-alive connections must not hold the shutdown forever.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
