/**
 * Bank payouts of agent commission (issue 17): the server hands a payout order to a provider after
 * the withdrawal's money has left the agent's available balance; the provider's answer comes back
 * later (its notification, or the sandbox review desk) through `settlePayout`, the one operation
 * that marks a withdrawal paid or failed.
 */
export interface PayoutOrder {
  /** The withdrawal id, the provider's idempotency key: sending one twice pays it once. */
  withdrawalId: string;
  currency: string;
  /** What reaches the card, after the fee. */
  amount: number;
  holder: string;
  bank: string;
  /** The full card number, opened from its sealed copy for this call only; never logged. */
  cardNumber: string;
}

export interface PayoutsProvider {
  readonly name: string;
  /** Accepts the order for payment; throws when the provider cannot be reached. */
  send(order: PayoutOrder): Promise<{ reference: string }>;
}
