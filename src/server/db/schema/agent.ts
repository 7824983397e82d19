/**
 * The invitation-rebate (agent) programme (issue 17; docs/decisions.md "Agent programme").
 *
 * Money: every amount here is also a balanced ledger movement. The agent's money sits in house
 * accounts of kind `rebate` (`rebate:pending:<CUR>`, `rebate:available:<CUR>`, `rebate:payouts:<CUR>`,
 * paid out of `rebate:expense:<CUR>`); `agent_balances` is the per-agent sub-ledger of those house
 * accounts, written in the same transaction as each movement, and its CHECKs are what keep an
 * agent's pending and available money from going below zero (auditLedger checks that the
 * sub-ledger adds up to the house accounts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** The fees commission is earned on: the `fee_income` house account they are credited to. */
export const AGENT_FEE_TYPES = ['topup', 'card_open', 'card_recharge'] as const;
export type AgentFeeType = (typeof AGENT_FEE_TYPES)[number];

/**
 * The outbox of commissionable fees. A database trigger on `ledger_entries` writes a row in the
 * same transaction as the fee itself (a fee credited to a `fee_income` account of an invited
 * customer), and a row for a reversal of it; the accrual job turns each row into a commission line
 * or a clawback exactly once (claimed with SKIP LOCKED, marked processed in the same transaction).
 */
export const agentFeeEvents = pgTable(
  'agent_fee_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The fee income entry that caused it: one event per entry. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['fee', 'refund'] }).notNull(),
    /** The fee's own ledger transaction (for a refund: the transaction it reverses). */
    sourceTransactionId: text('source_transaction_id').notNull(),
    inviteeAccountId: text('invitee_account_id').notNull(),
    agentAccountId: text('agent_account_id').notNull(),
    feeType: text('fee_type', { enum: AGENT_FEE_TYPES }).notNull(),
    currency: text('currency').notNull(),
    /** The fee, positive minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_fee_events_entry_key').on(t.ledgerEntryId),
    index('agent_fee_events_source_idx').on(t.sourceTransactionId),
    index('agent_fee_events_open_idx')
      .on(t.id)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);

/** One commission line per commissionable fee. */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: text('id').primaryKey(),
    agentAccountId: text('agent_account_id')
      .notNull()
      .references(() => accounts.id),
    inviteeAccountId: text('invitee_account_id')
      .notNull()
      .references(() => accounts.id),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    sourceTransactionId: text('source_transaction_id').notNull(),
    feeType: text('fee_type', { enum: AGENT_FEE_TYPES }).notNull(),
    /** The invitee's plan when the fee was paid: it fixed the rate. */
    planCode: text('plan_code').notNull(),
    currency: text('currency').notNull(),
    feeAmount: bigint('fee_amount', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'available', 'clawed_back'] }).notNull(),
    accruedAt: timestamp('accrued_at', { withTimezone: true }).notNull(),
    /** When the holding period ends and the release job may make it available. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    clawedBackAt: timestamp('clawed_back_at', { withTimezone: true }),
    accrualTransactionId: text('accrual_transaction_id').notNull(),
    releaseTransactionId: text('release_transaction_id'),
    clawbackTransactionId: text('clawback_transaction_id'),
  },
  (t) => [
    uniqueIndex('agent_commissions_event_key').on(t.eventId),
    uniqueIndex('agent_commissions_source_key').on(t.sourceTransactionId, t.feeType),
    index('agent_commissions_agent_idx').on(t.agentAccountId, t.accruedAt),
    index('agent_commissions_due_idx')
      .on(t.availableAt)
      .where(sql`${t.status} = 'pending'`),
    check('agent_commissions_amount_check', sql`${t.amount} > 0 AND ${t.feeAmount} > 0`),
  ],
);

/** The per-agent sub-ledger of the `rebate` house accounts (see the file comment). */
export const agentBalances = pgTable(
  'agent_balances',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    pending: bigint('pending', { mode: 'number' }).notNull().default(0),
    available: bigint('available', { mode: 'number' }).notNull().default(0),
    /** Bank withdrawals requested and not yet paid or failed. */
    inPayout: bigint('in_payout', { mode: 'number' }).notNull().default(0),
    /** Clawed back after its commission had been withdrawn: taken from the next releases first. */
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    /**
     * Lifetime totals, for the figures. `withdrawn` is what reached the agent (the net of a bank
     * payout once paid), `fees` the bank withdrawals' fees from their request (given back when a
     * payout fails), so in every state earned = pending + available + inPayout + withdrawn + fees
     * − owed (the ledger audit checks it).
     */
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    withdrawn: bigint('withdrawn', { mode: 'number' }).notNull().default(0),
    fees: bigint('fees', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.currency] }),
    check(
      'agent_balances_not_negative',
      sql`${t.pending} >= 0 AND ${t.available} >= 0 AND ${t.inPayout} >= 0 AND ${t.owed} >= 0`,
    ),
  ],
);

export const agentBankCards = pgTable(
  'agent_bank_cards',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    holder: text('holder').notNull(),
    bank: text('bank').notNull(),
    /** The card number sealed with the server key (SecretBox), like card secrets. */
    numberSealed: text('number_sealed').notNull(),
    /** Keyed hash of the number: the same card is not added twice. */
    numberHash: text('number_hash').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_bank_cards_number_key')
      .on(t.accountId, t.numberHash)
      .where(sql`${t.removedAt} IS NULL`),
  ],
);

export const agentWithdrawals = pgTable(
  'agent_withdrawals',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    target: text('target', { enum: ['wallet', 'bank_card'] }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['requested', 'paid', 'failed'] }).notNull(),
    bankCardId: text('bank_card_id'),
    /** What the customer saw: bank and masked number at the time of the request. */
    bankName: text('bank_name'),
    cardMasked: text('card_masked'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key'),
    requestTransactionId: text('request_transaction_id').notNull(),
    settleTransactionId: text('settle_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_withdrawals_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('agent_withdrawals_account_idx').on(t.accountId, t.createdAt),
    index('agent_withdrawals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
    check(
      'agent_withdrawals_amounts_check',
      sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.net} = ${t.amount} - ${t.fee}`,
    ),
  ],
);
