/**
 * What time alone decides: an unpaid order past `expires_at` expires; a USDT order whose
 * `confirm_at` has passed is credited. Applied lazily whenever an order is read or settled, and by
 * the sweeper (sweep-orders.ts), always under the order's row lock, by the database function
 * `topup_advance` (migration 0010), the same code a callback's settling runs.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { withRetry } from '../../../db/client';
import type { Actor } from '../../ledger';
import type { OrderRow } from '../order-rows';
import { findOrder } from '../order-rows';
import { settleArgument } from '../settle-argument';

/** Whether time has something to change; the database decides again under the lock. */
export function isDue(order: OrderRow, now: Date): boolean {
  if (order.status === 'pending') return order.expiresAt <= now;
  if (order.status === 'confirming') return order.confirmAt !== null && order.confirmAt <= now;
  return false;
}

/** Locks the order through `db` (a transaction of the caller's, or one of its own) and applies what is due. */
export async function advanceOrderWith(
  db: Executor,
  ctx: AppContext,
  orderId: string,
  actor: Actor,
): Promise<void> {
  const argument = { ...settleArgument(ctx, actor), order_id: orderId };
  await db.execute(sql`select topup_advance(${JSON.stringify(argument)}::jsonb)`);
}

/** Applies what is due in a transaction of its own; the order as it is then, undefined if it is gone. */
export async function advanceOrder(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
): Promise<OrderRow | undefined> {
  await withRetry(() => advanceOrderWith(ctx.database.db, ctx, orderId, actor));
  return findOrder(ctx.database.db, orderId);
}
