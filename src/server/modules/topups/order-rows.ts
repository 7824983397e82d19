/** Reading, locking and moving top-up order rows. */
import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/finance';
import type { Executor, Tx } from '../../db/client';
import { topupOrders } from '../../db/schema';
import { canMove } from './order-states';

export type OrderRow = typeof topupOrders.$inferSelect;

export async function findOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(topupOrders).where(eq(topupOrders.id, orderId));
  return row;
}

/** `SELECT ... FOR UPDATE`: whoever settles an order holds its row until commit. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(topupOrders).where(eq(topupOrders.id, orderId)).for('update');
  return row;
}

type Changes = Partial<
  Pick<OrderRow, 'confirmAt' | 'paidAt' | 'channelTxnId' | 'ledgerTransactionId' | 'failureReason'>
>;

/**
 * Moves a locked order to `to`. An illegal move is a bug in the caller (it decides from the locked
 * row), so it throws a plain Error; the `status = from` condition is a second guard.
 */
export async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  at: Date,
  changes: Changes = {},
): Promise<OrderRow> {
  if (!canMove(order.status, to))
    throw new Error(`order ${order.id}: ${order.status} -> ${to} is not allowed`);
  const [row] = await tx
    .update(topupOrders)
    .set({ ...changes, status: to, updatedAt: at })
    .where(and(eq(topupOrders.id, order.id), eq(topupOrders.status, order.status)))
    .returning();
  if (!row) throw new Error(`order ${order.id} changed under its lock`);
  return row;
}
