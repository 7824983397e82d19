/** Moves an order to a new state with its history row, inside the caller's transaction. */
import { and, eq } from 'drizzle-orm';
import type { IdentityStatus } from '../../../contract/identity';
import type { Tx } from '../../db/client';
import { identityEvents, identityOrders } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { IdentityActor } from './identity-state';
import type { IdentityOrderRow } from './order-view';

export async function moveOrder(
  tx: Tx,
  row: IdentityOrderRow,
  to: IdentityStatus,
  actor: IdentityActor,
  now: Date,
  patch: Partial<IdentityOrderRow> = {},
  note: string | null = null,
): Promise<IdentityOrderRow> {
  const [updated] = await tx
    .update(identityOrders)
    .set({ ...patch, status: to, updatedAt: now })
    .where(and(eq(identityOrders.id, row.id), eq(identityOrders.status, row.status)))
    .returning();
  // Callers lock the row first, so its state cannot have moved since it was read.
  if (!updated) throw new Error(`identity order ${row.id} changed under its lock`);
  if (to !== row.status)
    await tx.insert(identityEvents).values({
      id: newId(),
      orderId: row.id,
      fromStatus: row.status,
      toStatus: to,
      actor,
      note,
      createdAt: now,
    });
  return updated;
}

/** The order, locked until the transaction ends. */
export async function lockOrder(tx: Tx, where: { accountId: string } | { id: string }) {
  const [row] = await tx
    .select()
    .from(identityOrders)
    .where('id' in where ? eq(identityOrders.id, where.id) : eq(identityOrders.accountId, where.accountId))
    .for('update');
  return row;
}
