/**
 * Settles a channel's statement about an order — a signed callback, or the answer of `queryOrder`
 * on recharge/check — in ONE transaction, as one call of the database function `topup_apply_event`
 * (migration 0010; one call instead of twelve round trips is what lets confirmations keep up):
 *
 * 1. the event id is serialised by an advisory lock and refused if seen before (replay);
 * 2. the order is locked (`SELECT ... FOR UPDATE`) and refused if unknown to this channel, or if
 *    the amount or currency differ — all of these change nothing but the callback row;
 * 3. what time decides is applied (expiry, USDT confirmation), then the event's transition:
 *    paid -> credited (USDT: confirming, credited 1-5 minutes later), failed -> failed, anything
 *    already done -> duplicate, anything the state machine forbids -> illegal_transition;
 * 4. the callback row with its outcome is written in the same transaction.
 *
 * Chosen here and passed in: the payment time (the channel's, never later than ours), the USDT
 * confirmation time, and the numbers and ids a credit writes.
 */
import { randomInt } from 'node:crypto';
import type { TopupChannel } from '@contract/topup-rules';
import { CHANNEL_RULES } from '@contract/topup-rules';
import type { AppContext } from '../../../context';
import { withRetry } from '../../../db/client';
import { newId } from '../../../lib/crypto';
import type { PaymentEvent } from '../../../providers/payments';
import type { Actor } from '../../ledger';
import type { CallbackOutcome } from './callback-log';
import { CALLBACK_OUTCOMES, keptBody } from './callback-log';
import { settleArgument } from '../settle-argument';

const APPLY_EVENT = 'select topup_apply_event($1::jsonb, $2::text) as outcome';

export async function applyPaymentEvent(
  ctx: AppContext,
  channel: TopupChannel,
  event: PaymentEvent,
  source: { actor: Actor; body: string },
): Promise<CallbackOutcome> {
  const now = ctx.now();
  const paidAt = paidTime(event, now);
  const argument = {
    ...settleArgument(ctx, source.actor, now),
    channel,
    event_id: event.eventId,
    order_id: event.orderId,
    status: event.status,
    amount: event.amount,
    currency: event.currency,
    channel_txn_id: event.channelTxnId,
    paid_at: paidAt.toISOString(),
    confirm_at: confirmTime(channel, paidAt)?.toISOString() ?? null,
    callback_id: newId(),
  };
  const apply = ctx.database.prepared<{ outcome: string }>('topup_apply_event', APPLY_EVENT);
  const [row] = await withRetry(() => apply([JSON.stringify(argument), keptBody(source.body)]));
  const outcome = row?.outcome;
  if (!outcome || !(outcome in CALLBACK_OUTCOMES)) throw new Error(`unknown callback outcome ${outcome}`);
  return outcome as CallbackOutcome;
}

/** The payment time the channel states, never later than now (a channel clock ahead of ours). */
function paidTime(event: PaymentEvent, now: Date): Date {
  const stated = new Date(event.occurredAt);
  return stated < now ? stated : now;
}

/** The chain confirms in 1-5 minutes after the payment (spec §9); other channels credit at once. */
function confirmTime(channel: TopupChannel, paidAt: Date): Date | null {
  const window = CHANNEL_RULES[channel].confirmMinutes;
  if (!window) return null;
  return new Date(paidAt.getTime() + randomInt(window[0] * 60_000, window[1] * 60_000 + 1));
}
