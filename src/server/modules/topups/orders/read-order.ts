/**
 * GET /api/account/recharge/status: the caller's order, after what time has decided (expiry, USDT
 * confirmation). Another account's order answers exactly like an unknown one.
 */
import { Code } from '@contract/core';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../../ledger';
import { advanceOrder, isDue } from './advance-order';
import type { OrderRow } from '../order-rows';
import { findOrder } from '../order-rows';

const notFound = () => new AppError(Code.notFound, 'server:topups.orderNotFound');

export async function readOwnOrder(
  ctx: AppContext,
  accountId: string,
  orderId: string,
  actor: Actor,
): Promise<OrderRow> {
  const order = await findOrder(ctx.database.db, orderId);
  if (!order || order.accountId !== accountId) throw notFound();
  // Polled every few seconds: lock only when time has something to change.
  if (!isDue(order, ctx.now())) return order;
  return (await advanceOrder(ctx, orderId, actor)) ?? order;
}
