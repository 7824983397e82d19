/** The sandbox outbox: mails "sent" in demo mode without SMTP, readable at /sandbox/outbox. */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * Mail waiting to be sent outside the request that asked for it (lib/mail-queue.ts): the signed-out
 * code mails, so neither an answer's timing nor a mail outage tells whether an account exists. The
 * message is sealed with the server key (it holds a code) and the row is deleted once sent.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: text('id').primaryKey(),
    /** `{ to, subject, text, html }` as JSON, sealed (SecretBox). */
    sealed: text('sealed').notNull(),
    /** The e-mail code this mail carries: withdrawn, with the limits it counted against, if sending fails for good. */
    codeId: text('code_id'),
    /** The source-address count of the request (signin_failures row), released with the code. */
    sourceCountId: bigint('source_count_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);
