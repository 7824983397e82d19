/**
 * The card issuer behind one interface (architecture.md "Outside systems"): it makes cards from a
 * segment's BIN, changes their state, and cancels them. Authorizations, clearing, refunds,
 * reversals and 3-D Secure challenges come the other way, as signed issuer events
 * (modules/card-spend); the sandbox card-spend simulator sends the same events a real issuer would.
 *
 * Demo mode uses the sandbox issuer; production talks to a card-issuing processor
 * (gateway-issuer.ts) and refuses the sandbox (bootstrap.ts `productionProblems`).
 */

export interface IssueRequest {
  /** Ours, unique per card: the issuer answers the same card when asked twice. */
  requestId: string;
  bin: string;
  network: 'visa' | 'mastercard';
  currency: string;
  holderName: string;
}

/** What the issuer answers for a new card. The number, CVV and PIN are sealed before storage. */
export interface IssuedCard {
  issuerRef: string;
  pan: string;
  cvv: string;
  pin: string;
  expiryMonth: number;
  expiryYear: number;
}

export interface IssuerProvider {
  readonly kind: 'sandbox' | 'gateway';
  issueCard(request: IssueRequest): Promise<IssuedCard>;
  /** Undo a card that was issued but whose opening did not commit (a failed batch). */
  cancelCard(issuerRef: string): Promise<void>;
  /**
   * Undo whatever card the issuer made for a request id, if it made one: for a batch whose process
   * died between asking the issuer and recording the answer (we know our request ids, not its refs).
   */
  cancelRequest(requestId: string): Promise<void>;
  /** Keep the issuer's view of the card in step: frozen cards are declined at the network too. */
  setCardState(issuerRef: string, state: 'active' | 'frozen' | 'closed'): Promise<void>;
  /** The key the issuer signs its events with (HMAC-SHA256 over the raw body). */
  readonly eventSecret: string;
}
