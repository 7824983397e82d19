/**
 * Settles a channel's statement about an order — a signed callback, or the answer of `queryOrder`
 * on recharge/check — in ONE transaction:
 *
 * 1. the event id is serialised by an advisory lock and refused if seen before (replay);
 * 2. the order is locked (`SELECT ... FOR UPDATE`) and refused if unknown to this channel, or if
 *    the amount or currency differ — all of these change nothing but the callback row;
 * 3. what time decides is applied (expiry, USDT confirmation), then the event's transition:
 *    paid -> credited (USDT: confirming, credited 1-5 minutes later), failed -> failed, anything
 *    already done -> duplicate, anything the state machine forbids -> illegal_transition;
 * 4. the callback row with its outcome is written in the same transaction.
 */
import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { TopupChannel } from '../../../contract/topup-rules';
import { CHANNEL_RULES } from '../../../contract/topup-rules';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { paymentCallbacks } from '../../db/schema';
import type { PaymentEvent } from '../../providers/payments';
import type { Actor } from '../ledger';
import { advanceByTime } from './advance-order';
import type { CallbackOutcome } from './callback-log';
import { recordCallback } from './callback-log';
import { creditOrder } from './credit-order';
import type { OrderRow } from './order-rows';
import { lockOrder, moveOrder } from './order-rows';

export function applyPaymentEvent(
  ctx: AppContext,
  channel: TopupChannel,
  event: PaymentEvent,
  source: { actor: Actor; body: string },
): Promise<CallbackOutcome> {
  return inTransaction(ctx.database.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pay-event:${channel}:${event.eventId}`}))`);
    const outcome = await decide(tx, ctx, channel, event, source.actor);
    await recordCallback(tx, ctx.now(), {
      channel,
      orderId: event.orderId,
      eventId: event.eventId,
      signatureValid: true,
      outcome,
      body: source.body,
    });
    return outcome;
  });
}

async function decide(
  tx: Tx,
  ctx: AppContext,
  channel: TopupChannel,
  event: PaymentEvent,
  actor: Actor,
): Promise<CallbackOutcome> {
  const seen = await tx
    .select({ id: paymentCallbacks.id })
    .from(paymentCallbacks)
    .where(
      and(
        eq(paymentCallbacks.channel, channel),
        eq(paymentCallbacks.eventId, event.eventId),
        eq(paymentCallbacks.signatureValid, true),
        ne(paymentCallbacks.outcome, 'malformed'),
      ),
    )
    .limit(1);
  if (seen.length > 0) return 'replay';
  const locked = await lockOrder(tx, event.orderId);
  if (!locked || locked.channel !== channel) return 'unknown_order';
  if (event.amount !== locked.amount) return 'amount_mismatch';
  if (event.currency !== locked.currency) return 'currency_mismatch';

  const order = await advanceByTime(tx, ctx, locked, actor);
  if (event.status === 'failed') {
    if (order.status === 'failed') return 'duplicate';
    if (order.status !== 'pending') return 'illegal_transition';
    await moveOrder(tx, order, 'failed', ctx.now(), {
      failureReason: 'channel_declined',
      channelTxnId: event.channelTxnId,
    });
    return 'failed';
  }
  if (order.status === 'paid' || order.status === 'confirming') return 'duplicate';
  if (order.status === 'failed') return 'illegal_transition';
  const late = order.status === 'expired';
  const settled = await settlePaid(tx, ctx, order, event, actor);
  if (late) return 'late';
  return settled.status === 'confirming' ? 'confirming' : 'credited';
}

/** The payment time the channel states, never later than now (a channel clock ahead of ours). */
function paidTime(event: PaymentEvent, now: Date): Date {
  const stated = new Date(event.occurredAt);
  return stated < now ? stated : now;
}

async function settlePaid(
  tx: Tx,
  ctx: AppContext,
  order: OrderRow,
  event: PaymentEvent,
  actor: Actor,
): Promise<OrderRow> {
  const now = ctx.now();
  const paidAt = paidTime(event, now);
  const window = CHANNEL_RULES[order.channel].confirmMinutes;
  if (!window) return creditOrder(tx, ctx, order, { paidAt, channelTxnId: event.channelTxnId }, actor);
  // The chain confirms in 1-5 minutes after the payment (spec §9).
  const delay = randomInt(window[0] * 60_000, window[1] * 60_000 + 1);
  const confirming = await moveOrder(tx, order, 'confirming', now, {
    paidAt,
    channelTxnId: event.channelTxnId,
    confirmAt: new Date(paidAt.getTime() + delay),
  });
  // A payment stated long ago may already be past its confirmation.
  return advanceByTime(tx, ctx, confirming, actor);
}
