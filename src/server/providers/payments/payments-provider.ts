/**
 * The payment channels (WeChat Pay, Alipay, UnionPay, USDT-TRC20, bank card) behind one interface.
 * Demo mode uses the sandbox provider (the payment simulator pays its orders through the same
 * signed callback a real channel sends); production talks to a payment gateway and refuses the
 * sandbox (bootstrap.ts `productionProblems`).
 */
import type { TopupChannel } from '../../../contract/topup-rules';

/** What the channel needs to open a checkout for an order. */
export interface CheckoutOrder {
  orderId: string;
  channel: TopupChannel;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  expiresAt: Date;
}

export interface Checkout {
  /** What the QR code encodes: a channel URL, or for USDT a `tron:` URI. */
  payload: string;
  /** Opens the channel's app on a phone, where the channel has one. */
  deepLink: string | null;
  /** USDT only: the one-time TRC20 address of this order. */
  address: string | null;
}

/**
 * A channel's statement about an order: the body of a signed callback, and what `queryOrder`
 * answers once the channel knows the outcome. Both go through the same settling code.
 */
export interface PaymentEvent {
  /** Unique per notification at the channel: a second one with the same id is a replay. */
  eventId: string;
  orderId: string;
  status: 'paid' | 'failed';
  amount: number;
  currency: string;
  channelTxnId: string;
  /** ISO-8601: when the payment happened at the channel. */
  occurredAt: string;
}

export interface PaymentsProvider {
  readonly kind: 'sandbox' | 'gateway';
  createCheckout(order: CheckoutOrder): Promise<Checkout>;
  /** Asks the channel about an order; null while the channel has nothing to report. */
  queryOrder(order: CheckoutOrder): Promise<PaymentEvent | null>;
  /** The key a channel signs its callbacks with (HMAC-SHA256 over the raw body). */
  channelSecret(channel: TopupChannel): string;
}
