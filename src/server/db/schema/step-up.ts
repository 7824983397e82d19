/**
 * Step-up re-authentication (docs/decisions.md "Step-up re-authentication"): the proof that the
 * person holding a session also knows the password or the Google code, minutes ago. Tickets are
 * stored as SHA-256 hashes only, bound to the session and one purpose, single use, 5 minutes.
 *
 * An e-mail change also keeps a grant here (purpose `email_change_grant`, `subject` = the new
 * address): the step-up spent when the codes were sent, carried to the change itself.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { sessions } from './auth';

export const stepUpTickets = pgTable(
  'step_up_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id),
    purpose: text('purpose').notNull(),
    /** How the holder proved themselves: `password`, `google` or `passkey`. */
    method: text('method', { enum: ['password', 'google', 'passkey'] }).notNull(),
    /** What the grant is about, when the purpose needs it (the new address of an e-mail change). */
    subject: text('subject'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('step_up_tickets_session_idx').on(t.sessionId, t.purpose)],
);
