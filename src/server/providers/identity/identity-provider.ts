/**
 * The identity-verification provider behind one interface (architecture.md "Outside systems"): a
 * submitted order is handed to it as a check; its decision (approve, reject, ask for more) comes
 * back through the review operations of modules/identity/review-order.ts, which the sandbox review
 * desk calls in demo mode and a provider's decision callback would call in production.
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
  /** Starts (or restarts, after an answer or a correction) the provider's check of an order. */
  submit(check: IdentityCheck): Promise<{ reference: string }>;
}
