/**
 * Callbacks whose signature fails (or that name no channel) are kept for investigation — but only
 * so many (issue 29 §13): anyone can send them, and each one used to become a row, without limit
 * and without end. A refused callback's row is written only when it claims a slot
 * (lib/limit-claim.ts) of its source address (UNSIGNED_PER_SOURCE an hour) and of everyone
 * together (UNSIGNED_PER_HOUR); past that it is answered exactly the same but not stored. The
 * purge job deletes unsigned rows after UNSIGNED_KEEP_MS (lib/purge.ts).
 */
import type { AppContext } from '../context';
import { claimSlots } from './limit-claim';

export const UNSIGNED_PER_SOURCE = 30;
export const UNSIGNED_PER_HOUR = 1000;
export const UNSIGNED_KEEP_MS = 7 * 24 * 3600_000;
const HOUR_MS = 3600_000;

/** Whether this unsigned callback may be stored (its slot is claimed when it may). */
export async function mayStoreUnsigned(ctx: AppContext, ip: string): Promise<boolean> {
  const claim = await claimSlots(
    ctx.database.db,
    [
      { subject: `unsigned-callback:${ip}`, limit: UNSIGNED_PER_SOURCE, windowMs: HOUR_MS },
      { subject: 'unsigned-callback:*', limit: UNSIGNED_PER_HOUR, windowMs: HOUR_MS },
    ],
    ctx.now(),
  );
  if (!claim.ok) ctx.log.warn('unsigned callback not stored: over its limit', { subject: claim.subject });
  return claim.ok;
}
