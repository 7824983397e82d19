/**
 * Deletes live changes older than KEEP_MS (migration 0024). Every process reads new rows every
 * quarter of a second, so ten minutes is far beyond any reader's need; the table stays a few
 * minutes of changes long however busy the money path is. Once a minute, once across all processes.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import type { JobSpec } from '../../lib/jobs';

export const LIVE_CHANGES_KEEP_MS = 10 * 60_000;

export async function purgeLiveChanges(ctx: AppContext): Promise<number> {
  const olderThan = new Date(ctx.now().getTime() - LIVE_CHANGES_KEEP_MS);
  const gone = await rowsOf<{ kind: string }>(
    ctx.database.db,
    sql`delete from live_changes where created_at < ${olderThan.toISOString()}::timestamptz returning kind`,
  );
  return gone.length;
}

export const liveChangesJob: JobSpec = {
  name: 'live-changes',
  everyMs: 60_000,
  leaseMs: 5 * 60_000,
  run: async (ctx) => {
    await purgeLiveChanges(ctx);
  },
};
