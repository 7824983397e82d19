/**
 * What time alone decides: an unpaid order past `expires_at` expires; a USDT order whose
 * `confirm_at` has passed is credited. Applied lazily whenever an order is read or settled, and by
 * the sweeper (sweep-orders.ts), always under the order's row lock.
 */
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import type { Tx } from '../../db/client';
import type { Actor } from '../ledger';
import { creditOrder } from './credit-order';
import type { OrderRow } from './order-rows';
import { lockOrder, moveOrder } from './order-rows';

export function isDue(order: OrderRow, now: Date): boolean {
  if (order.status === 'pending') return order.expiresAt <= now;
  if (order.status === 'confirming') return order.confirmAt !== null && order.confirmAt <= now;
  return false;
}

/** `order` must be locked by `tx`. */
export async function advanceByTime(
  tx: Tx,
  ctx: AppContext,
  order: OrderRow,
  actor: Actor,
): Promise<OrderRow> {
  const now = ctx.now();
  if (!isDue(order, now)) return order;
  if (order.status === 'pending') return moveOrder(tx, order, 'expired', now);
  return creditOrder(
    tx,
    ctx,
    order,
    { paidAt: order.paidAt ?? now, channelTxnId: order.channelTxnId },
    actor,
  );
}

/** Locks the order in a transaction of its own and applies what is due; undefined if it is gone. */
export function advanceOrder(ctx: AppContext, orderId: string, actor: Actor): Promise<OrderRow | undefined> {
  return inTransaction(ctx.database.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    return order && advanceByTime(tx, ctx, order, actor);
  });
}
