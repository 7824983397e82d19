/**
 * Credits a paid order, inside the caller's transaction that holds the order's row lock: the order
 * becomes `paid` with the number of its ledger movement, then the movement keyed `topup:<orderId>`
 * is posted (channel clearing -> wallet, and the fee wallet -> fee income in the same movement).
 * The key makes a second credit of the same order impossible even if a caller got the state check
 * wrong: that posting throws and the whole transaction rolls back.
 */
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { Actor, Movement } from '../ledger';
import { newTxnNumber, postMovement } from '../ledger';
import type { OrderRow } from './order-rows';
import { moveOrder } from './order-rows';

export function topupMovement(order: OrderRow, actor: Actor): Movement {
  const { accountId, currency, channel } = order;
  // Neutral text: the flow page names the type in the reader's language.
  const description = `${channel} ${order.id}`;
  const legs: Movement['legs'][number][] = [
    {
      account: { house: { kind: 'clearing', name: channel, currency } },
      amount: -order.amount,
      type: 'topup',
    },
    { account: { wallet: { accountId, currency } }, amount: order.amount, type: 'topup', description },
  ];
  if (order.fee > 0)
    legs.push(
      { account: { wallet: { accountId, currency } }, amount: -order.fee, type: 'fee', description },
      { account: { house: { kind: 'fee_income', name: 'topup', currency } }, amount: order.fee, type: 'fee' },
    );
  return { key: `topup:${order.id}`, kind: 'topup', accountId, reference: order.id, legs, actor };
}

export async function creditOrder(
  tx: Tx,
  ctx: AppContext,
  order: OrderRow,
  paid: { paidAt: Date; channelTxnId: string | null },
  actor: Actor,
): Promise<OrderRow> {
  // The order first, the ledger last: every top-up of this customer waits for the wallet's row
  // lock, which is then held only for the ledger's own statements and what little follows.
  const transactionId = newTxnNumber(ctx.now());
  const credited = await moveOrder(tx, order, 'paid', ctx.now(), {
    ledgerTransactionId: transactionId,
    paidAt: paid.paidAt,
    channelTxnId: paid.channelTxnId,
  });
  const posted = await postMovement(tx, ctx, topupMovement(order, actor), { transactionId });
  // The order's state said "not credited"; a key already posted means that state was wrong.
  if (posted.replayed) throw new Error(`top-up ${order.id} was credited before by ${posted.transactionId}`);
  return credited;
}
