/** Reading and locking top-up order rows (their status changes in the database: migration 0010). */
import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { topupOrders } from '../../db/schema';

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
