/**
 * The top-up order state machine. The database refuses any status change not listed here, whoever
 * writes it (trigger `topup_orders_moves`, migration 0010; a test checks that both agree).
 *
 *   pending ──paid──> paid                  (WeChat, Alipay, UnionPay, bank card)
 *   pending ──paid──> confirming ──time──> paid   (USDT: credited when confirm_at passes)
 *   pending ──failed─> failed
 *   pending ──time──> expired ──paid──> paid | confirming
 *
 * Decisions: money that arrives after the order expired is still credited (it really arrived;
 * refusing it would strand the customer's payment at the channel). A `paid` after `failed` is
 * refused and left to reconciliation: the channel contradicts its own final word, which is a
 * channel fault or a leaked secret, not something to settle automatically. `paid` is final.
 */
import type { OrderStatus } from '@contract/finance';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'confirming', 'failed', 'expired'],
  expired: ['paid', 'confirming'],
  confirming: ['paid'],
  paid: [],
  failed: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Orders the simulator lists and the sweeper watches: still waiting for money or for the chain. */
export const OPEN_STATUSES = ['pending', 'confirming'] as const satisfies readonly OrderStatus[];
