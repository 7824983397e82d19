/**
 * Identity verification (KYC for a person, KYB for a business): one order per account, the items a
 * reviewer asked for, and the order's history. The person columns hold the customer themself for a
 * personal order and the legal representative for a business one.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { files } from './files';

export const IDENTITY_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'needs_info',
  'expired',
] as const;

export const identityOrders = pgTable(
  'identity_orders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ['individual', 'business'] }).notNull(),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull(),
    personName: text('person_name'),
    idType: text('id_type', { enum: ['id_card', 'passport'] }),
    idNumber: text('id_number'),
    /** The ID document's own expiry: the approval ends with it. */
    idExpiresOn: date('id_expires_on', { mode: 'string' }),
    idFrontFileId: text('id_front_file_id').references(() => files.id),
    idBackFileId: text('id_back_file_id').references(() => files.id),
    selfieFileId: text('selfie_file_id').references(() => files.id),
    companyName: text('company_name'),
    registrationNumber: text('registration_number'),
    licenceFileId: text('licence_file_id').references(() => files.id),
    /** The provider's reference of the check it runs for this order. */
    providerRef: text('provider_ref'),
    rejectReason: text('reject_reason'),
    resubmittable: boolean('resubmittable'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the "your verification expires soon" mail went out (sent once per approval). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('identity_orders_account_key').on(t.accountId),
    index('identity_orders_status_idx').on(t.status, t.updatedAt),
    index('identity_orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'approved'`),
    check(
      'identity_orders_status_check',
      sql`${t.status} in ('draft','submitted','in_review','approved','rejected','needs_info','expired')`,
    ),
    check('identity_orders_kind_check', sql`${t.kind} in ('individual','business')`),
  ],
);

/** One thing a reviewer asked for ("needs more information"), answered by the customer on its own. */
export const identityItems = pgTable(
  'identity_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => identityOrders.id),
    /** Which field the answer replaces, or `other` for a free question answered in text. */
    field: text('field').notNull(),
    question: text('question').notNull(),
    answerText: text('answer_text'),
    answerFileId: text('answer_file_id').references(() => files.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('identity_items_order_idx').on(t.orderId, t.createdAt)],
);

export const identityEvents = pgTable(
  'identity_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => identityOrders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: ['customer', 'reviewer', 'system'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('identity_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Every signed delivery of the provider's decision callback (modules/identity/receive-decision.ts)
 * with what became of it; an applied one is written in the transaction of its effect, so an event id
 * is applied at most once (the partial unique index) and a repeat is answered as a replay.
 */
export const identityCallbacks = pgTable(
  'identity_callbacks',
  {
    id: text('id').primaryKey(),
    /** The provider's unique id of this decision. */
    eventId: text('event_id'),
    orderId: text('order_id'),
    decision: text('decision'),
    signatureValid: boolean('signature_valid').notNull(),
    /** applied, replay, bad_signature, malformed, unknown_order, not_reviewable, refused. */
    outcome: text('outcome').notNull(),
    /** The raw body (truncated), kept for investigation. */
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('identity_callbacks_order_idx').on(t.orderId),
    uniqueIndex('identity_callbacks_applied_key')
      .on(t.eventId)
      .where(sql`${t.outcome} = 'applied'`),
  ],
);
