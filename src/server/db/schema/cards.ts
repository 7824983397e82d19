/**
 * Cards (issue 5): segments, coupons, the cards themselves with their history, merchant
 * authorizations, 3-D Secure codes and risk events.
 *
 * A card's balance is not a column here: every card has its own ledger account (kind `card`, id
 * `card:<cardId>`), so funding, withdrawing and spending are ledger movements like every other money
 * movement, and a card can never go below zero (the same CHECK as wallets).
 *
 * Card secrets (number, CVV, PIN, expiry) are one sealed JSON blob (AES-256-GCM, lib/crypto
 * SecretBox). Only the last four digits are stored in the clear.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const SEGMENT_STATUSES = ['open', 'maintenance'] as const;
export const CARD_STATUSES = ['active', 'frozen', 'deleted'] as const;
export const AUTH_STATUSES = ['pending', 'completed', 'declined', 'refunded', 'reversed'] as const;
export const COUPON_TYPES = ['open_fee', 'recharge_fee'] as const;

export const cardSegments = pgTable('card_segments', {
  id: text('id').primaryKey(),
  /** Issuer identification number: the first 6 to 8 digits of every card of the segment. */
  bin: text('bin').notNull(),
  network: text('network', { enum: ['visa', 'mastercard'] }).notNull(),
  currency: text('currency').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Minor units of `currency`, charged once per card opened. */
  openFee: bigint('open_fee', { mode: 'number' }).notNull(),
  /** Basis points of every amount loaded onto a card. */
  rechargeFeeBp: integer('recharge_fee_bp').notNull(),
  /** The first load when a card is opened is at least this. */
  minFirstRecharge: bigint('min_first_recharge', { mode: 'number' }).notNull(),
  status: text('status', { enum: SEGMENT_STATUSES }).notNull().default('open'),
  /** Merchants the segment is known to work with (lower-case names), for the scenario query. */
  merchants: jsonb('merchants').$type<string[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Shown to the customer. */
    number: text('number').notNull(),
    /** `open_fee`: takes off the opening fee; `recharge_fee`: takes off the recharge fee. */
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    /** Share of the fee taken off, in basis points (10000 = the whole fee). */
    discountBp: integer('discount_bp').notNull(),
    /** How many cards it may still be used for. */
    availableTimes: integer('available_times').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_number_key').on(t.number),
    index('coupons_account_idx').on(t.accountId, t.expiresAt),
    check('coupons_available_times_check', sql`${t.availableTimes} >= 0`),
  ],
);

export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    /** Shown to the customer instead of the number, e.g. `C2611220000123`. */
    serial: text('serial').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The sub-account user who opened it (null: the main account holder). */
    subAccountId: text('sub_account_id'),
    segmentId: text('segment_id')
      .notNull()
      .references(() => cardSegments.id),
    currency: text('currency').notNull(),
    /** The issuer's own reference; issuer events name cards by it. */
    issuerRef: text('issuer_ref').notNull(),
    last4: text('last4').notNull(),
    /** Sealed JSON `{ pan, cvv, pin, expiryMonth, expiryYear }`. */
    secrets: text('secrets').notNull(),
    /** `card:<id>`: the card's ledger account (its balance). */
    ledgerAccountId: text('ledger_account_id').notNull(),
    status: text('status', { enum: CARD_STATUSES }).notNull().default('active'),
    /** Why a frozen card is frozen: by the customer, the decline-rate rule, or a member's expiry policy. */
    frozenBy: text('frozen_by', { enum: ['customer', 'risk', 'expiry'] }),
    /** Cumulative consumption: settled spend minus refunds, minor units of `currency`. */
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    /**
     * A copy of the ledger account's balance, kept by database triggers in the same transaction as
     * every movement (migration 0009), so the list filters and counts by balance from an index.
     * The ledger account stays the truth; `auditLedger` checks that the two agree.
     */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    label: text('label'),
    holderFirstName: text('holder_first_name').notNull(),
    holderLastName: text('holder_last_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default('US'),
    /** The batch that opened it, if any (`batchCard`). */
    batchId: text('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cards_serial_key').on(t.serial),
    uniqueIndex('cards_issuer_ref_key').on(t.issuerRef),
    // Newest first, then by serial (the issue sequence) among cards opened in the same transaction,
    // which share created_at; id is carried so the list's page keys come from the index alone.
    index('cards_account_created_idx').on(t.accountId, t.createdAt, t.serial, t.id),
    index('cards_account_last4_idx').on(t.accountId, t.last4),
    index('cards_account_balance_idx').on(t.accountId, t.balance),
    uniqueIndex('cards_ledger_account_key').on(t.ledgerAccountId),
    index('cards_batch_idx').on(t.batchId),
  ],
);

/** A batch opening (`batchOpenCard`, `importData`): its progress while cards are issued, then its result. */
export const cardBatches = pgTable(
  'card_batches',
  {
    /** Chosen by the client (its Idempotency-Key), so it can ask for progress while the request runs. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The team member who opened it (null: the owner); a member reads only its own batches. */
    subAccountId: text('sub_account_id'),
    status: text('status', { enum: ['issuing', 'done', 'failed'] }).notNull(),
    /**
     * `batch`: a batch opening or an import, read with `batchCard`. `single`: the planned-card record
     * of one `newCard` (id `single:<account>:<key>`), never shown; deleted when its opening commits.
     */
    kind: text('kind', { enum: ['batch', 'single'] })
      .notNull()
      .default('batch'),
    total: integer('total').notNull(),
    /** Cards issued so far. */
    issued: integer('issued').notNull().default(0),
    /**
     * The card ids of this run, written before the issuer hears of any: they are the issuer's
     * request ids, so a batch whose process died can have its cards cancelled (settle-batches.ts).
     */
    plannedCardIds: jsonb('planned_card_ids').$type<string[]>().notNull().default([]),
    /**
     * This attempt's token: a retry that adopts a dead attempt's plan (a single opening) takes the
     * row with a new token, so the old process, if it was only slow, can neither commit nor fail it.
     */
    attempt: text('attempt').notNull().default(''),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_batches_account_idx').on(t.accountId, t.createdAt)],
);

/** The card's history (`cardLog`): who did what, when. Never shows secrets. */
export const cardEvents = pgTable(
  'card_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cardId: text('card_id')
      .notNull()
      .references(() => cards.id),
    accountId: text('account_id').notNull(),
    /**
     * open, recharge, withdraw, freeze, activate, delete, reveal, edit_address, risk_freeze,
     * expiry_freeze, expiry_move, export.
     */
    action: text('action').notNull(),
    /** `main`, `sub:<subAccountId>`, `system`, `risk` or `expiry`. */
    actor: text('actor').notNull(),
    ip: text('ip'),
    /** Amounts, ledger transaction numbers, old and new values — never card secrets. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_events_card_idx').on(t.cardId, t.id)],
);

/**
 * One merchant authorization and what became of it: pending (approved, money held off the card),
 * completed (cleared), refunded (in part or whole, after clearing), reversed (released before
 * clearing), or declined (nothing moved; `declineReason` tells why).
 */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: text('id').primaryKey(),
    /** The issuer's id of the authorization; a second event with it is a replay. */
    issuerAuthId: text('issuer_auth_id').notNull(),
    cardId: text('card_id')
      .notNull()
      .references(() => cards.id),
    accountId: text('account_id').notNull(),
    subAccountId: text('sub_account_id'),
    status: text('status', { enum: AUTH_STATUSES }).notNull(),
    currency: text('currency').notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What was given back by refunds so far. */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    merchantName: text('merchant_name').notNull(),
    merchantCategory: text('merchant_category').notNull().default(''),
    merchantCountry: text('merchant_country').notNull().default(''),
    declineReason: text('decline_reason'),
    /**
     * What the merchant charged in its own currency (ISO 4217), when it is not the card's: the
     * issuer converts it into `amount` of `currency`. Null when the issuer did not say.
     */
    originalAmount: bigint('original_amount', { mode: 'number' }),
    originalCurrency: text('original_currency'),
    /**
     * The account-calendar day (`YYYY-MM-DD`) whose spending counters an approval was added to
     * (spending.ts `spend_counters`); null: declined, or approved before the counters existed.
     * Clearing and reversal adjust the counters of this day, its month and the lifetime.
     */
    spendDay: text('spend_day'),
    /** The group whose monthly counter the approval was added to (the card's group then). */
    budgetGroupId: text('budget_group_id'),
    /** When the merchant settled it (`clearing`); the detail view's status history. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_authorizations_issuer_key').on(t.issuerAuthId),
    index('card_authorizations_account_idx').on(t.accountId, t.createdAt, t.id),
    index('card_authorizations_card_idx').on(t.cardId, t.createdAt),
    check('card_authorizations_refunded_check', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount}`),
  ],
);

/** 3-D Secure one-time codes sent for a merchant challenge (`getOtp`, `getThreePool`). */
export const cardOtps = pgTable(
  'card_otps',
  {
    id: text('id').primaryKey(),
    cardId: text('card_id')
      .notNull()
      .references(() => cards.id),
    accountId: text('account_id').notNull(),
    /** Sealed: the code is a secret while it is valid. */
    code: text('code').notNull(),
    merchantName: text('merchant_name').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('card_otps_account_idx').on(t.accountId, t.createdAt),
    index('card_otps_card_idx').on(t.cardId, t.createdAt),
  ],
);

/** The decline-rate rule froze an account's cards: shown on the home screen until acknowledged. */
export const riskEvents = pgTable(
  'risk_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(),
    /** Facts behind the decision, e.g. `{ window, authorizations, declines, rateBp, cardsFrozen }`. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [index('risk_events_account_idx').on(t.accountId, t.createdAt)],
);
