/**
 * Notices and who has read or dismissed them. A notice is written in one language; `msg` is HTML that
 * was sanitised when it was stored (modules/notices/store-notice.ts). A notice is visible to a
 * customer once it is no draft, `published_at` has passed, it is not retired, and it is meant for
 * everyone (`audience` all) or for that customer's account (`notice_targets`).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    lang: text('lang', { enum: ['zh-CN', 'en'] }).notNull(),
    /** `banner` notices also scroll in the banner until a user dismisses them ("I know"). */
    kind: text('kind', { enum: ['banner', 'normal'] })
      .notNull()
      .default('normal'),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    msg: text('msg').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written in the console and not yet published (scheduled or not): no customer sees it. */
    draft: boolean('draft').notNull().default(false),
    /** `all`: every customer; `chosen`: only the accounts in `notice_targets`. */
    audience: text('audience', { enum: ['all', 'chosen'] })
      .notNull()
      .default('all'),
    /** Set when an operator retires it: from then on no customer sees it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The operator who wrote it (null for demo data). */
    createdBy: text('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_lang_published_idx').on(t.lang, t.publishedAt),
    check('notices_lang_check', sql`${t.lang} in ('zh-CN', 'en')`),
    check('notices_kind_check', sql`${t.kind} in ('banner', 'normal')`),
    check('notices_audience_check', sql`${t.audience} in ('all', 'chosen')`),
  ],
);

/** The accounts a notice with audience `chosen` is meant for (the account's sub-account users too). */
export const noticeTargets = pgTable(
  'notice_targets',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [
    primaryKey({ name: 'notice_targets_pkey', columns: [t.noticeId, t.accountId] }),
    index('notice_targets_account_idx').on(t.accountId),
  ],
);

/**
 * One row per user and notice once the user has read it; `dismissed_at` is set when the user also
 * moved it out of the banner. A user is the main account user (`sub_account_id` = '') or one
 * sub-account user of the account (its id), so each keeps their own read state.
 */
export const noticeReads = pgTable(
  'notice_reads',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    subAccountId: text('sub_account_id').notNull().default(''),
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'notice_reads_pkey', columns: [t.accountId, t.subAccountId, t.noticeId] }),
    index('notice_reads_notice_idx').on(t.noticeId),
  ],
);
