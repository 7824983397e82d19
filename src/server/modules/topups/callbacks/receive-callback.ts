/**
 * `POST /api/pay/notify/:channel`: a channel's signed notification. The signature is checked over
 * the raw bytes before anything is parsed; only a correctly signed, well-formed body reaches the
 * settling code (apply-payment-event.ts). Every notification is stored with its outcome.
 */
import type { TopupChannel } from '@contract/topup-rules';
import { TOPUP_CHANNELS } from '@contract/topup-rules';
import type { AppContext } from '../../../context';
import type { PaymentEvent } from '../../../providers/payments';
import { paymentEventSchema } from '../../../providers/payments/payment-event';
import { verifySignature } from '../../../providers/payments/signature';
import { applyPaymentEvent } from './apply-payment-event';
import type { CallbackOutcome } from './callback-log';
import { recordCallback } from './callback-log';
import { parseJsonBody } from '../../../lib/signed-delivery';
import { mayStoreUnsigned } from '../../../lib/unsigned-callbacks';

export interface Notification {
  channel: string;
  rawBody: string;
  signature: string | undefined;
  ip: string;
}

const isChannel = (name: string): name is TopupChannel =>
  (TOPUP_CHANNELS as readonly string[]).includes(name);

/** The ids a body claims, kept for investigation even when it is refused. */
function claimedIds(body: unknown): { orderId: string | null; eventId: string | null } {
  const read = (key: string) => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value : null;
  };
  return { orderId: read('orderId'), eventId: read('eventId') };
}

export async function receiveCallback(ctx: AppContext, note: Notification): Promise<CallbackOutcome> {
  const json = parseJsonBody(note.rawBody);
  const refuse = async (outcome: CallbackOutcome, signatureValid: boolean) => {
    // Anyone can send an unsigned one: stored only within its limits (lib/unsigned-callbacks.ts).
    if (!signatureValid && !(await mayStoreUnsigned(ctx, note.ip))) return outcome;
    await recordCallback(ctx.database.db, ctx.now(), {
      channel: note.channel,
      ...claimedIds(json),
      signatureValid,
      outcome,
      body: note.rawBody,
    });
    return outcome;
  };
  if (!isChannel(note.channel)) return refuse('unknown_channel', false);
  if (!verifySignature(ctx.payments.channelSecret(note.channel), note.rawBody, note.signature))
    return refuse('bad_signature', false);
  const parsed = paymentEventSchema.safeParse(json);
  if (!parsed.success) return refuse('malformed', true);
  const event: PaymentEvent = parsed.data;
  return applyPaymentEvent(ctx, note.channel, event, {
    actor: { ip: note.ip, device: `channel:${note.channel}` },
    body: note.rawBody,
  });
}
