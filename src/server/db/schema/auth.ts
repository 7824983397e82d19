/** Sessions, tokens, one-time codes, captchas and sign-in tickets. Secrets are stored as hashes only. */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Set when a sub-account user signs in (a later issue); null for the main account. */
    subAccountId: text('sub_account_id'),
    clientId: text('client_id').notNull(),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most once a minute; a session idle beyond SESSION_IDLE_TTL is dead. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * Card reveals of this session need no new proof until then: set by a reveal that spent one
     * (docs/decisions.md "Passkeys": the reveal window). In the database, so every process agrees.
     */
    revealTrustedUntil: timestamp('reveal_trusted_until', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const sessionTokens = pgTable(
  'session_tokens',
  {
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token is used once; presenting it again revokes the session. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_tokens_session_idx').on(t.sessionId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', {
      enum: [
        'signup',
        'login',
        'forgetPwd',
        'resetPwd',
        'edit',
        'cancel',
        'recharge',
        'card_export',
        'sub_add',
        'agent_withdraw',
      ],
    }).notNull(),
    /** HMAC of the code with the server secret. */
    codeHash: text('code_hash').notNull(),
    /** Wrong tries from the address that asked for the code (or signed in): the fifth kills it. */
    attempts: integer('attempts').notNull().default(0),
    /** The source address of a signed-out request; wrong tries from elsewhere never kill the code. */
    requestedFrom: text('requested_from'),
    /** Wrong tries from any other address; past the limit they are refused without being judged. */
    strangerAttempts: integer('stranger_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['image', 'math', 'ticket'] }).notNull(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-in attempts per account and per address; three recent ones demand a captcha. */
export const signinFailures = pgTable(
  'signin_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signin_failures_subject_idx').on(t.subject, t.createdAt)],
);

/** The ticket between a correct first factor and the Google Authenticator step. */
export const signinTickets = pgTable('signin_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  method: text('method', { enum: ['password', 'code'] }).notNull(),
  clientId: text('client_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
