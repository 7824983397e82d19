/**
 * A payout gateway's decision on a bank withdrawal (`POST /api/payouts/events`): the signature over
 * the raw bytes is checked before anything is parsed, then the decision goes through
 * `settlePayout`, the same operation the sandbox desk uses. Delivering a decision again is
 * harmless (the same answer is a no-op); the opposite decision on a settled withdrawal is refused.
 * Each delivery is logged with its ids and outcome, never with its body.
 */
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { verifySignature } from '../../../providers/payments/signature';
import type { Actor } from '../../ledger';
import { FAILURE_REASON_MAX, settlePayout } from './settle-payout';
import type { SignedDelivery } from '../../../lib/signed-delivery';
import { parseJsonBody } from '../../../lib/signed-delivery';

export const PAYOUT_OUTCOMES = {
  paid: 200,
  failed: 200,
  not_configured: 404,
  bad_signature: 401,
  malformed: 400,
  unknown_withdrawal: 404,
  already_settled: 409,
} as const;
export type PayoutEventOutcome = keyof typeof PAYOUT_OUTCOMES;

const payoutEventSchema = z.discriminatedUnion('status', [
  z.object({ withdrawalId: z.string().min(1).max(64), status: z.literal('paid') }),
  z.object({
    withdrawalId: z.string().min(1).max(64),
    status: z.literal('failed'),
    reason: z.string().trim().min(1).max(FAILURE_REASON_MAX),
  }),
]);

export type PayoutDelivery = SignedDelivery;

/** `body` is the delivery's JSON, read once; it counts only after the signature over the raw bytes holds. */
async function decide(ctx: AppContext, delivery: PayoutDelivery, body: unknown): Promise<PayoutEventOutcome> {
  const secret = ctx.env.PAYOUT_API_SECRET;
  if (!secret) return 'not_configured';
  if (!verifySignature(secret, delivery.rawBody, delivery.signature)) return 'bad_signature';
  const parsed = payoutEventSchema.safeParse(body);
  if (!parsed.success) return 'malformed';
  const event = parsed.data;
  const actor: Actor = { ip: delivery.ip, device: 'payout-gateway' };
  try {
    await settlePayout(
      ctx,
      event.withdrawalId,
      event.status === 'paid' ? { status: 'paid' } : { status: 'failed', reason: event.reason },
      actor,
    );
    return event.status;
  } catch (error) {
    if (error instanceof AppError && error.code === 409) return 'already_settled';
    if (error instanceof AppError && error.messageKey === 'server:agent.withdrawalUnknown')
      return 'unknown_withdrawal';
    throw error;
  }
}

export async function receivePayoutEvent(
  ctx: AppContext,
  delivery: PayoutDelivery,
): Promise<PayoutEventOutcome> {
  const body = parseJsonBody(delivery.rawBody);
  const outcome = await decide(ctx, delivery, body);
  const withdrawalId =
    body && typeof body === 'object' && typeof (body as { withdrawalId?: unknown }).withdrawalId === 'string'
      ? (body as { withdrawalId: string }).withdrawalId.slice(0, 64)
      : undefined;
  if (PAYOUT_OUTCOMES[outcome] === 200) ctx.log.info('payout event', { withdrawalId, outcome });
  else ctx.log.warn('payout event refused', { withdrawalId, outcome });
  return outcome;
}
