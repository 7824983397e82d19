/**
 * Staying live (issue 18 §1): Web Push subscriptions per signed-in device, the queue of pushes to
 * send, and the server's VAPID key pair. The live stream itself keeps nothing here: it rides on
 * PostgreSQL NOTIFY, sent by the triggers of migration 0020 (docs/architecture.md "Live").
 */
import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { sessions } from './auth';

/** One browser's push subscription, bound to the session that made it: it ends with the session. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; unique: subscribing again replaces the row. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The customer chose to see 3-D Secure codes themselves on the lock screen. */
    showCode: boolean('show_code').notNull().default(false),
    /** The language the notifications are written in (the app's language when subscribing). */
    lang: text('lang', { enum: ['zh-CN', 'en'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('push_subscriptions_account_idx').on(t.accountId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * What to push, written by triggers in the transaction of the change (so only committed changes are
 * pushed) and drained by the push job outside it. `kind` names the row `ref_id` points at: `otp`
 * (card_otps), `decline` (card_authorizations), `topup` (topup_orders), `forecast` (topup_forecasts).
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    kind: text('kind', { enum: ['otp', 'decline', 'topup', 'forecast'] }).notNull(),
    refId: text('ref_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_queue_due_idx').on(t.nextAttemptAt)],
);

/** The server's VAPID key pair when the environment gives none (demo and embedded modes): one row. */
export const vapidKeys = pgTable('vapid_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  /** Sealed with the server key. */
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
