/**
 * POST /api/account/recharge/check ("I have paid"): the stored state, and for an order still
 * waiting for money, the channel's answer to `queryOrder`, settled through the same code as a
 * callback. A channel that cannot be reached leaves the order as it is.
 */
import type { AppContext } from '../../../context';
import type { PaymentEvent } from '../../../providers/payments';
import type { Actor } from '../../ledger';
import { applyPaymentEvent } from '../callbacks/apply-payment-event';
import type { OrderRow } from '../order-rows';
import { findOrder } from '../order-rows';
import { readOwnOrder } from './read-order';

export async function checkOrder(
  ctx: AppContext,
  accountId: string,
  orderId: string,
  actor: Actor,
): Promise<OrderRow> {
  const order = await readOwnOrder(ctx, accountId, orderId, actor);
  if (order.status !== 'pending' && order.status !== 'expired') return order;
  let event: PaymentEvent | null;
  try {
    event = await ctx.payments.queryOrder({
      orderId: order.id,
      channel: order.channel,
      amount: order.amount,
      currency: order.currency,
      expiresAt: order.expiresAt,
    });
  } catch (error) {
    ctx.log.warn('payment channel query failed', { orderId, channel: order.channel, error: String(error) });
    return order;
  }
  if (!event) return order;
  if (event.orderId !== order.id) {
    ctx.log.warn('payment channel answered for another order', { orderId, channel: order.channel });
    return order;
  }
  await applyPaymentEvent(ctx, order.channel, event, {
    actor,
    body: JSON.stringify({ source: 'query', ...event }),
  });
  return (await findOrder(ctx.database.db, orderId)) ?? order;
}
