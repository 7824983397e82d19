/**
 * The identity-verification provider behind one interface (architecture.md "Outside systems"): a
 * submitted order is handed to it as a check; its decision (approve, reject, ask for more) comes
 * back through the review operations of modules/identity/review-order.ts, which the sandbox review
 * desk calls in demo mode and the provider's signed decision callback calls in production
 * (modules/identity/receive-decision.ts).
 */

export interface IdentityCheck {
  /** Ours: the order id; the provider answers the same reference when asked twice. */
  orderId: string;
  kind: 'individual' | 'business';
  /** Document images as storage keys; the provider fetches what it needs. */
  fileIds: string[];
}

export interface IdentityProvider {
  readonly kind: 'sandbox' | 'gateway';
  /**
   * The key of the decision callback's signature (`POST /api/identity/decision`), or null when no
   * provider may send decisions (the sandbox without IDENTITY_API_SECRET: every callback is refused).
   */
  readonly decisionSecret: string | null;
  /** Starts (or restarts, after an answer or a correction) the provider's check of an order. */
  submit(check: IdentityCheck): Promise<{ reference: string }>;
}
