/** Top-up orders of the online channels and the bank card, channel callbacks, USD forecasts. */
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const topupOrders = pgTable(
  'topup_orders',
  {
    /** Order number, also sent to the channel. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    channel: text('channel', { enum: ['wechat', 'alipay', 'unionpay', 'usdt_trc20', 'bank_card'] }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'confirming', 'paid', 'failed', 'expired'] }).notNull(),
    payload: text('payload').notNull(),
    deepLink: text('deep_link'),
    /** USDT: one-time TRC20 address, never reused. */
    address: text('address'),
    cardLast4: text('card_last4'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmAt: timestamp('confirm_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The channel's own transaction id once paid. */
    channelTxnId: text('channel_txn_id'),
    ledgerTransactionId: text('ledger_transaction_id'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topup_orders_address_key').on(t.address),
    uniqueIndex('topup_orders_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('topup_orders_account_idx').on(t.accountId, t.createdAt),
    index('topup_orders_open_idx').on(t.status, t.expiresAt),
  ],
);

/** Every callback a channel sent, accepted or not: the audit trail and the replay guard. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    orderId: text('order_id'),
    /** The channel's unique id of this notification; a second one with the same id is a replay. */
    eventId: text('event_id'),
    signatureValid: boolean('signature_valid').notNull(),
    /** What happened: credited, confirming, late, failed, duplicate, replay, bad_signature, malformed,
     * unknown_channel, unknown_order, amount_mismatch, currency_mismatch, illegal_transition. */
    outcome: text('outcome').notNull(),
    /** The raw body (truncated), kept for investigation. */
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_callbacks_order_idx').on(t.orderId),
    index('payment_callbacks_event_idx').on(t.channel, t.eventId),
  ],
);

export const topupForecasts = pgTable(
  'topup_forecasts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull().default('USD'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', {
      enum: ['submitted', 'approved', 'rejected', 'revoked', 'resubmitted'],
    }).notNull(),
    payerName: text('payer_name').notNull(),
    payerAccount: text('payer_account').notNull(),
    bankArea: text('bank_area').notNull(),
    bankName: text('bank_name').notNull(),
    transferDate: text('transfer_date').notNull(),
    bankTxnNo: text('bank_txn_no').notNull(),
    description: text('description'),
    proofFileId: text('proof_file_id').notNull(),
    rejectReason: text('reject_reason'),
    ledgerTransactionId: text('ledger_transaction_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('topup_forecasts_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('topup_forecasts_idempotency_key').on(t.accountId, t.idempotencyKey),
  ],
);

/** The history of a forecast: every transition, who made it and why. */
export const forecastEvents = pgTable(
  'forecast_events',
  {
    id: text('id').primaryKey(),
    forecastId: text('forecast_id')
      .notNull()
      .references(() => topupForecasts.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: ['customer', 'reviewer'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forecast_events_forecast_idx').on(t.forecastId, t.createdAt)],
);
