/**
 * Runs the accrual and release jobs every 10 seconds in each server process. They are safe to run in
 * every process at once (SKIP LOCKED claims, status checks and ledger keys: accrue-fees.ts,
 * release-commissions.ts), so there is no leader to elect; 10 seconds keeps a commission's
 * appearance after the fee close to immediate without busy polling.
 */
import type { AppContext } from '../../context';
import { accrueFees } from './accrue-fees';
import { releaseCommissions } from './release-commissions';

export const AGENT_JOBS_EVERY_MS = 10_000;

export async function runAgentJobs(ctx: AppContext): Promise<void> {
  const accrued = await accrueFees(ctx);
  const released = await releaseCommissions(ctx);
  if (accrued.accrued! + accrued.clawed_back! + released > 0)
    ctx.log.info('agent jobs', { ...accrued, released });
}

/** Runs now and every 10 seconds; the timer does not keep the process alive. */
export function scheduleAgentJobs(ctx: AppContext): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runAgentJobs(ctx);
    } catch (error) {
      ctx.log.error('agent jobs failed', { error: String(error) });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), AGENT_JOBS_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
