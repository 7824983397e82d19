/**
 * The keys every top-up settling function of the database reads (migration 0010): the time (the
 * server's clock, which tests move), the id of a credit's operation-log row, and who caused it.
 */
import type { AppContext } from '../../context';
import { newId } from '../../lib/crypto';
import type { Actor } from '../ledger';

export interface SettleArgument {
  now: string;
  log_id: string;
  ip: string;
  device: string;
}

export function settleArgument(ctx: AppContext, actor: Actor, now = ctx.now()): SettleArgument {
  return {
    now: now.toISOString(),
    log_id: newId(),
    ip: actor.ip,
    device: actor.device,
  };
}
