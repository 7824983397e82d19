/**
 * Runs the accrual and release jobs every 10 seconds, once across all server processes (lib/jobs.ts).
 * Two runs at once would still be safe (SKIP LOCKED claims, status checks and ledger keys:
 * accrue-fees.ts, release-commissions.ts); 10 seconds keeps a commission's appearance after the fee
 * close to immediate without busy polling.
 */
import type { AppContext } from '../../../context';
import type { JobSpec } from '../../../lib/jobs';
import { accrueFees } from './accrue-fees';
import { releaseCommissions } from './release-commissions';

export const AGENT_JOBS_EVERY_MS = 10_000;

export async function runAgentJobs(ctx: AppContext): Promise<void> {
  const accrued = await accrueFees(ctx);
  const released = await releaseCommissions(ctx);
  if (accrued.accrued! + accrued.clawed_back! + released > 0)
    ctx.log.info('agent jobs', { ...accrued, released });
}

/** Both jobs as one background job, every 10 seconds across all server processes (lib/jobs.ts). */
export const agentJob: JobSpec = {
  name: 'agent-accrue-release',
  everyMs: AGENT_JOBS_EVERY_MS,
  leaseMs: 5 * 60_000,
  run: runAgentJobs,
};
