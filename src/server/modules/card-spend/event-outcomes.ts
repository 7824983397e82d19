/**
 * What became of an issuer event, and the answer code of each outcome (the envelope's `code`,
 * `data.outcome` names it). Every refusal changes nothing.
 *
 * - approved, declined: an authorization was decided (declined: `data.declineReason` says why).
 * - cleared, reversed, refunded: the authorization moved on.
 * - challenge_stored: a 3-D Secure code is waiting for the customer.
 * - duplicate: this event was applied before; nothing changed, the answer repeats the result
 *   (for an authorization, the first decision).
 * - Refused: bad_signature, malformed, unknown_card, unknown_authorization (no such authorization,
 *   or of another card), amount_mismatch, currency_mismatch, id_reused (an id the issuer used before
 *   for something else), illegal_transition (e.g. clearing a reversed authorization),
 *   refund_too_large (more than was cleared and not yet refunded).
 */
import type { DeclineReason } from '../../../contract/card-rules';
import type { TradeStatus } from '../../../contract/records';

export const ISSUER_OUTCOMES = {
  approved: 200,
  declined: 200,
  cleared: 200,
  reversed: 200,
  refunded: 200,
  challenge_stored: 200,
  duplicate: 200,
  bad_signature: 401,
  malformed: 400,
  unknown_card: 400,
  unknown_authorization: 400,
  amount_mismatch: 400,
  currency_mismatch: 400,
  id_reused: 409,
  illegal_transition: 409,
  refund_too_large: 422,
} as const;
export type IssuerOutcome = keyof typeof ISSUER_OUTCOMES;

/** The answer's `data`: what the issuer needs to act on (and nothing secret). */
export interface IssuerEventResult {
  outcome: IssuerOutcome;
  /** The authorization's state after the event (authorization, clearing, reversal, refund events). */
  status?: TradeStatus;
  /** Authorization answers: whether the merchant may take the money. */
  approved?: boolean;
  declineReason?: DeclineReason | null;
}

export function outcome(
  name: IssuerOutcome,
  extra: Omit<IssuerEventResult, 'outcome'> = {},
): IssuerEventResult {
  return { outcome: name, ...extra };
}
