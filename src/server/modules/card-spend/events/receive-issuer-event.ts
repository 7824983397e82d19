/**
 * `POST /api/issuer/events`: one signed issuer event. The signature is checked over the raw bytes
 * before anything is parsed (the same scheme as the payment channels' callbacks); only a correctly
 * signed, well-formed event reaches the operations. Every event is logged with its outcome and
 * ids — never its body, which may hold a 3-D Secure code — and what it changed is stored in the
 * same transaction as its effect (the authorization row, the ledger, the code).
 */
import type { AppContext } from '../../../context';
import { verifySignature } from '../../../providers/payments/signature';
import type { Actor } from '../../ledger';
import { authorize } from '../authorizations/authorize';
import { clearAuthorization } from '../authorizations/clear-authorization';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import type { IssuerEvent } from '../issuer-event';
import { issuerEventSchema } from '../issuer-event';
import { refundAuthorization } from '../authorizations/refund-authorization';
import { reverseAuthorization } from '../authorizations/reverse-authorization';
import { applyRiskRule } from '../risk/risk-rule';
import { storeChallenge } from '../otp/store-challenge';
import type { SignedDelivery } from '../../../lib/signed-delivery';
import { parseJsonBody } from '../../../lib/signed-delivery';

export type IssuerDelivery = SignedDelivery;

/**
 * The ids a body claims, for the log line even when it is refused. `authorizationId` is logged as
 * `authId`: the logger hides any field whose name says "authorization".
 */
function claimed(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  const names = { eventId: 'eventId', type: 'type', cardRef: 'cardRef', authorizationId: 'authId' } as const;
  for (const [key, name] of Object.entries(names)) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string') out[name] = value.slice(0, 100);
  }
  return out;
}

export async function receiveIssuerEvent(
  ctx: AppContext,
  delivery: IssuerDelivery,
): Promise<IssuerEventResult> {
  const json = parseJsonBody(delivery.rawBody);
  const result = await settle(ctx, delivery, json);
  const fields = {
    ...claimed(json),
    outcome: result.outcome,
    status: result.status,
    reason: result.declineReason,
  };
  if (result.outcome === 'bad_signature' || result.outcome === 'malformed')
    ctx.log.warn('issuer event refused', fields);
  else ctx.log.info('issuer event', fields);
  return result;
}

async function settle(ctx: AppContext, delivery: IssuerDelivery, json: unknown): Promise<IssuerEventResult> {
  if (!verifySignature(ctx.issuer.eventSecret, delivery.rawBody, delivery.signature))
    return outcome('bad_signature');
  const parsed = issuerEventSchema.safeParse(json);
  if (!parsed.success) return outcome('malformed');
  return apply(ctx, parsed.data, { ip: delivery.ip, device: 'issuer' });
}

async function apply(ctx: AppContext, event: IssuerEvent, actor: Actor): Promise<IssuerEventResult> {
  switch (event.type) {
    case 'authorization': {
      const answer = await authorize(ctx, event, actor);
      // A new decision changed the account's decline rate; a repeated one did not.
      if (answer.decidedFor) await applyRiskRule(ctx, answer.decidedFor);
      return answer.result;
    }
    case 'clearing':
      return clearAuthorization(ctx, event, actor);
    case 'reversal':
      return reverseAuthorization(ctx, event, actor);
    case 'refund':
      return refundAuthorization(ctx, event, actor);
    case 'threeds_challenge':
      return storeChallenge(ctx, event);
  }
}
