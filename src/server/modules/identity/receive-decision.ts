/**
 * `POST /api/identity/decision`: the identity provider's decision on an order, as a signed
 * callback — the same scheme as the payment channels' and the issuer's (`X-Signature:
 * hex(HMAC-SHA256(secret, raw body))` over the raw bytes, checked before anything is parsed).
 *
 * Body: `{ eventId, orderId, reference, decision, ... }` where `decision` is `start`, `approve`
 * (optional `expiresAt`), `reject` (`reason`, `resubmittable`) or `ask` (`items: [{ field,
 * question }]`). The order is locked, the event id looked up among the applied ones (a repeat is a
 * `replay` and changes nothing), the decision applied through review-order.ts, and the callback row
 * with outcome `applied` written in that same transaction. Every other delivery is stored too, with
 * why it was refused; a refused event may be sent again.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/client';
import type { Tx } from '../../db/client';
import { identityCallbacks } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { verifySignature } from '../../providers/payments/signature';
import { keptBody } from '../topups/callbacks/callback-log';
import { lockOrder } from './order-events';
import type { IdentityDecision } from './review-order';
import { applyDecision, checkDecision } from './review-order';
import type { SignedDelivery } from '../../lib/signed-delivery';
import { parseJsonBody } from '../../lib/signed-delivery';
import { mayStoreUnsigned } from '../../lib/unsigned-callbacks';

/** Each outcome and its answer code (the envelope's `code`; `data.outcome` names it). */
export const DECISION_OUTCOMES = {
  applied: 200,
  replay: 200,
  bad_signature: 401,
  malformed: 400,
  unknown_order: 404,
  not_reviewable: 409,
  refused: 422,
} as const;
export type DecisionOutcome = keyof typeof DECISION_OUTCOMES;

const id = z.string().trim().min(1).max(100);
const decisionBody = z.discriminatedUnion('decision', [
  z.object({ eventId: id, orderId: id, reference: id, decision: z.literal('start') }),
  z.object({
    eventId: id,
    orderId: id,
    reference: id,
    decision: z.literal('approve'),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  }),
  z.object({
    eventId: id,
    orderId: id,
    reference: id,
    decision: z.literal('reject'),
    reason: z.string().max(2000),
    resubmittable: z.boolean(),
  }),
  z.object({
    eventId: id,
    orderId: id,
    reference: id,
    decision: z.literal('ask'),
    items: z.array(z.object({ field: z.string().max(100), question: z.string().max(2000) })).max(20),
  }),
]);
type DecisionBody = z.infer<typeof decisionBody>;

/** `ip`, the sender's address, limits how many unsigned deliveries are stored. */
export type DecisionDelivery = Omit<SignedDelivery, 'ip'> & { ip?: string };

export interface DecisionResult {
  outcome: DecisionOutcome;
  /** The order's status after the decision (applied and replayed ones). */
  status?: string;
}

function toDecision(body: DecisionBody): IdentityDecision {
  switch (body.decision) {
    case 'start':
      return { action: 'start' };
    case 'approve':
      return { action: 'approve', expiresAt: body.expiresAt ? new Date(body.expiresAt) : undefined };
    case 'reject':
      return { action: 'reject', reason: body.reason, resubmittable: body.resubmittable };
    case 'ask':
      return { action: 'ask', items: body.items };
  }
}

export async function receiveDecision(ctx: AppContext, delivery: DecisionDelivery): Promise<DecisionResult> {
  const secret = ctx.identity.decisionSecret;
  const signed = secret !== null && verifySignature(secret, delivery.rawBody, delivery.signature);
  const json = parseJsonBody(delivery.rawBody);
  const parsed = signed ? decisionBody.safeParse(json) : null;
  const body = parsed?.success ? parsed.data : null;
  const record: Delivered = { body, claimed: claimed(json), rawBody: delivery.rawBody, signed };
  let result: DecisionResult;
  if (!signed) result = { outcome: 'bad_signature' };
  else if (!body) result = { outcome: 'malformed' };
  else result = await settle(ctx, body, record);
  // Anyone can send an unsigned one: stored only within its limits (lib/unsigned-callbacks.ts).
  const storable = signed || (await mayStoreUnsigned(ctx, delivery.ip ?? 'unknown'));
  if (result.outcome !== 'applied' && storable)
    await inTransaction(ctx.database.db, (tx) => store(tx, ctx, record, result.outcome));
  const fields = { ...record.claimed, outcome: result.outcome };
  if (DECISION_OUTCOMES[result.outcome] === 200) ctx.log.info('identity decision', fields);
  else ctx.log.warn('identity decision refused', fields);
  return result;
}

interface Delivered {
  body: DecisionBody | null;
  /** The ids the body claims, kept even when it is refused (for investigation, never trusted). */
  claimed: { eventId: string | null; orderId: string | null; decision: string | null };
  rawBody: string;
  signed: boolean;
}

function claimed(json: unknown): Delivered['claimed'] {
  const fields = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null);
  return { eventId: text(fields.eventId), orderId: text(fields.orderId), decision: text(fields.decision) };
}

async function store(tx: Tx, ctx: AppContext, record: Delivered, outcome: DecisionOutcome): Promise<void> {
  await tx.insert(identityCallbacks).values({
    id: newId(),
    eventId: record.body?.eventId ?? record.claimed.eventId,
    orderId: record.body?.orderId ?? record.claimed.orderId,
    decision: record.body?.decision ?? record.claimed.decision,
    signatureValid: record.signed,
    outcome,
    body: keptBody(record.rawBody),
    receivedAt: ctx.now(),
  });
}

async function settle(ctx: AppContext, body: DecisionBody, record: Delivered): Promise<DecisionResult> {
  const now = ctx.now();
  try {
    const checked = checkDecision(toDecision(body), now);
    return await inTransaction(ctx.database.db, async (tx) => {
      const row = await lockOrder(tx, { id: body.orderId });
      // The provider names its own reference: a decision for another check is not this order's.
      if (!row || row.providerRef !== body.reference) return { outcome: 'unknown_order' as const };
      const [seen] = await tx
        .select({ id: identityCallbacks.id })
        .from(identityCallbacks)
        .where(and(eq(identityCallbacks.eventId, body.eventId), eq(identityCallbacks.outcome, 'applied')));
      if (seen) return { outcome: 'replay' as const, status: row.status };
      const updated = await applyDecision(tx, row, checked, now);
      await store(tx, ctx, record, 'applied');
      return { outcome: 'applied' as const, status: updated.status };
    });
  } catch (error) {
    // Two copies racing: the other one applied it first.
    if (isUniqueViolation(error)) return { outcome: 'replay' };
    if (error instanceof AppError) return { outcome: error.code === 409 ? 'not_reviewable' : 'refused' };
    throw error;
  }
}
