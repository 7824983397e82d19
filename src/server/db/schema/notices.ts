/**
 * Notices and who has read or dismissed them. A notice is written in one language; `msg` is HTML that
 * was sanitised when it was stored (modules/notices/store-notice.ts). A notice is visible once
 * `published_at` has passed.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('notices_lang_published_idx').on(t.lang, t.publishedAt),
    check('notices_lang_check', sql`${t.lang} in ('zh-CN', 'en')`),
    check('notices_kind_check', sql`${t.kind} in ('banner', 'normal')`),
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
