/**
 * The sweeper: every 15 seconds it applies what time has decided to orders nobody is polling —
 * unpaid orders expire, USDT orders past `confirm_at` are credited (spec §9: confirmation in 1-5
 * minutes, so an hourly job would be far too slow). Each order is settled in its own transaction
 * under its row lock, so several instances sweeping at once cannot settle an order twice.
 */
import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { topupOrders } from '../../../db/schema';
import type { JobSpec } from '../../../lib/jobs';
import type { Actor } from '../../ledger';
import { advanceOrder } from './advance-order';

export const SWEEP_EVERY_MS = 15_000;
const SWEEP_BATCH = 200;
const SWEEPER: Actor = { ip: 'system', device: 'topup-sweeper' };

export async function sweepOrders(ctx: AppContext): Promise<{ expired: number; credited: number }> {
  const now = ctx.now();
  const due = await ctx.database.db
    .select({ id: topupOrders.id })
    .from(topupOrders)
    .where(
      or(
        and(eq(topupOrders.status, 'pending'), lte(topupOrders.expiresAt, now)),
        and(eq(topupOrders.status, 'confirming'), lte(topupOrders.confirmAt, now)),
      ),
    )
    .orderBy(asc(topupOrders.expiresAt))
    .limit(SWEEP_BATCH);
  const counts = { expired: 0, credited: 0 };
  for (const { id } of due) {
    const order = await advanceOrder(ctx, id, SWEEPER);
    if (order?.status === 'expired') counts.expired++;
    if (order?.status === 'paid') counts.credited++;
  }
  return counts;
}

/**
 * The sweep as a background job: once every 15 seconds across all server processes (lib/jobs.ts).
 * Several sweeps at once would still settle each order once (row locks), but would only repeat work.
 */
export const topupSweepJob: JobSpec = {
  name: 'topup-sweep',
  everyMs: SWEEP_EVERY_MS,
  leaseMs: 5 * 60_000,
  async run(ctx) {
    const counts = await sweepOrders(ctx);
    if (counts.expired + counts.credited > 0) ctx.log.info('swept top-up orders', counts);
  },
};
