/**
 * The outcomes of channel notifications, their answers, and the `payment_callbacks` row every
 * notification leaves (accepted or not): the audit trail and the replay guard. A correctly signed,
 * well-formed notification's row is written by the database function that settles it
 * (apply-payment-event.ts); the refused ones' rows here.
 */
import type { Executor } from '../../../db/client';
import { paymentCallbacks } from '../../../db/schema';
import { newId } from '../../../lib/crypto';

/**
 * - credited: the order was paid and the wallet credited; confirming: a USDT payment waits for the
 *   chain; late: money for an expired order, credited (or confirming) anyway; failed: the order
 *   failed; duplicate: the order already had this outcome, nothing changed.
 * - Refused, nothing changed: bad_signature, malformed, unknown_channel, unknown_order,
 *   amount_mismatch, currency_mismatch, replay (an eventId seen before), illegal_transition (e.g.
 *   failed for a paid order, paid for a failed one).
 */
export const CALLBACK_OUTCOMES = {
  credited: 200,
  confirming: 200,
  late: 200,
  failed: 200,
  duplicate: 200,
  bad_signature: 401,
  malformed: 400,
  unknown_channel: 400,
  unknown_order: 400,
  amount_mismatch: 400,
  currency_mismatch: 400,
  replay: 409,
  illegal_transition: 409,
} as const;
export type CallbackOutcome = keyof typeof CALLBACK_OUTCOMES;

/** Enough of the body to investigate; a channel body is far smaller. */
const BODY_KEEP = 4000;

/** The part of a callback's raw body that its row keeps. */
export function keptBody(body: string): string {
  return body.slice(0, BODY_KEEP);
}

export interface CallbackRecord {
  channel: string;
  orderId: string | null;
  eventId: string | null;
  signatureValid: boolean;
  outcome: CallbackOutcome;
  body: string;
}

export async function recordCallback(db: Executor, at: Date, record: CallbackRecord): Promise<void> {
  await db.insert(paymentCallbacks).values({
    id: newId(),
    channel: record.channel.slice(0, 32),
    orderId: record.orderId?.slice(0, 64) ?? null,
    eventId: record.eventId?.slice(0, 100) ?? null,
    signatureValid: record.signatureValid,
    outcome: record.outcome,
    body: keptBody(record.body),
    receivedAt: at,
  });
}
