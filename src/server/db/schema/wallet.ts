/**
 * The double-entry ledger. Every balance lives in a ledger account: a customer wallet (one per
 * account and currency; its balance never goes negative) or a house account (channel clearing,
 * fee income, card funding, rebates; these may go negative, e.g. clearing mirrors money that came
 * from outside). A movement is one ledger transaction whose entries net to zero per currency; the
 * stored balance of every account equals the sum of its entries. Rows of transactions and entries
 * are never updated or deleted (database triggers refuse it); a correction is a reversing movement.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * `card`: one per card, id `card:<cardId>`, no owner column (its entries must not show in the
 * customer's wallet flow); `fx`: the currency exchange desk (CNY debits funding USD cards).
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet',
  'card',
  'clearing',
  'fee_income',
  'card_funding',
  'fx',
  'rebate',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull().default('wallet'),
    /** The customer of a wallet; null for house accounts. */
    accountId: text('account_id').references(() => accounts.id),
    /** House accounts are found by code, e.g. `clearing:wechat:CNY#3` (a shard: resolve-accounts.ts); null for wallets. */
    code: text('code'),
    currency: text('currency').notNull(),
    /** Minor units; equals the sum of the account's entries. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_currency_key')
      .on(t.accountId, t.currency)
      .where(sql`${t.kind} = 'wallet'`),
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    // Customers' money (wallets and cards) never goes below zero.
    check(
      'ledger_accounts_customer_balance_check',
      sql`${t.kind} NOT IN ('wallet', 'card') OR ${t.balance} >= 0`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'wallet' AND ${t.accountId} IS NOT NULL AND ${t.code} IS NULL) OR (${t.kind} <> 'wallet' AND ${t.accountId} IS NULL AND ${t.code} IS NOT NULL)`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    /** The transaction number shown to customers. */
    id: text('id').primaryKey(),
    /** The customer the movement belongs to (null for house-only movements). */
    accountId: text('account_id'),
    /** What moved the money, e.g. `topup`, `transfer_in`, `card_open`, `reversal`. */
    kind: text('kind').notNull(),
    /** Unique per movement: a repeated key returns the first movement instead of a second one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the movement's legs, to tell a true retry from a key reused for something else. */
    requestHash: text('request_hash').notNull(),
    /** The movement this one reverses, at most once. */
    reversesId: text('reverses_id'),
    /** What the movement is about, e.g. a top-up order id or a forecast id. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_key').on(t.reversesId),
    // A card record's refunds and reversal (its detail view's history) are found by reference.
    index('ledger_transactions_reference_idx').on(t.reference),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Its ledger transaction and account: checked by the statement trigger of migration 0010. */
    transactionId: text('transaction_id').notNull(),
    ledgerAccountId: text('ledger_account_id').notNull(),
    /** Copied from the ledger account: the owner's flow rows are read without a join. */
    accountId: text('account_id'),
    currency: text('currency').notNull(),
    /** Signed minor units, never zero. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** Flow row type (contract FLOW_TYPES) for wallet entries; the house side names its purpose. */
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    cardSerial: text('card_serial'),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.ledgerAccountId, t.id),
    // Migration 0006 rebuilds this index with INCLUDE (type, currency), which drizzle cannot declare.
    index('ledger_entries_owner_flow_idx').on(t.accountId, t.createdAt, t.id),
  ],
);
