/**
 * Messenger channels (issue 32 §3): group bots of WeCom, DingTalk, Feishu/Lark and Telegram that
 * receive the account's events, and the delivery log that is also their queue.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const CHANNEL_KINDS = ['wecom', 'dingtalk', 'feishu', 'telegram'] as const;
export const CHANNEL_EVENTS = ['otp', 'decline', 'topup', 'low_balance'] as const;
export const CHANNEL_SCOPES = ['all', 'group', 'member'] as const;

export const messengerChannels = pgTable(
  'messenger_channels',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The member who set the channel up (null: the account holder); a member's channel hears only its cards. */
    ownerSubAccountId: text('owner_sub_account_id'),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    name: text('name').notNull(),
    /**
     * Sealed: the webhook URL (its token is in it) for WeCom, DingTalk and Feishu; for Telegram the
     * JSON `{ token, chatId, apiOrigin }`.
     */
    target: text('target').notNull(),
    /** Sealed signing secret (DingTalk "加签", Feishu "签名校验"); null when the bot has none. */
    secret: text('secret'),
    /** What the client is shown instead of the target: host and the last characters, never the token. */
    targetHint: text('target_hint').notNull(),
    events: text('events').array().notNull(),
    cardScope: text('card_scope', { enum: CHANNEL_SCOPES }).notNull().default('all'),
    /** The card group of scope `group`. */
    cardGroupId: text('card_group_id'),
    /** The member whose cards scope `member` covers. */
    scopeSubAccountId: text('scope_sub_account_id'),
    /** The 3-D Secure code itself is in the message. */
    showCode: boolean('show_code').notNull().default(false),
    /** Low balance: a card or wallet balance falling below this (minor units of its own currency). */
    lowBalance: bigint('low_balance', { mode: 'number' }),
    lang: text('lang', { enum: ['zh-CN', 'en'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('messenger_channels_account_idx').on(t.accountId)],
);

/**
 * One message to one channel: the queue (status `pending`, due at `next_attempt_at`) and the
 * delivery log the customer reads. Rows are written by triggers in the transaction of the event
 * (migration 0034), by "send test message", and kept 30 days.
 */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => messengerChannels.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    /** `otp`, `decline`, `topup`, `low_balance` or `test`. */
    kind: text('kind').notNull(),
    /** The row the message is written from (card_otps, card_authorizations, topup_orders, ledger_accounts). */
    refId: text('ref_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure: the HTTP status or the service's own error code and text (never the URL). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('channel_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('channel_deliveries_channel_idx').on(t.channelId, t.id),
    check('channel_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
