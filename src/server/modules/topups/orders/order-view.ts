/** An order row as the contract's `topupOrder`. */
import { currencyCode } from '@contract/core';
import type { TopupOrder } from '@contract/finance';
import { CHANNEL_RULES } from '@contract/topup-rules';
import type { OrderRow } from '../order-rows';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function orderView(row: OrderRow): TopupOrder {
  return {
    orderId: row.id,
    channel: row.channel,
    currency: currencyCode.parse(row.currency),
    amount: row.amount,
    fee: row.fee,
    credit: row.amount - row.fee,
    payWithinSeconds: CHANNEL_RULES[row.channel].payWithinSeconds,
    status: row.status,
    payload: row.payload,
    deepLink: row.deepLink,
    address: row.address,
    network: row.channel === 'usdt_trc20' ? 'TRC20' : null,
    cardLast4: row.cardLast4,
    expiresAt: row.expiresAt.toISOString(),
    confirmAt: iso(row.confirmAt),
    paidAt: iso(row.paidAt),
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}
