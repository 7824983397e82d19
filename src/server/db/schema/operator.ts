/**
 * The issuer's own staff (issue 31; architecture.md "Operator console"): accounts apart from the
 * customers', their sessions, their one-time set-up links and the append-only audit log. Secrets are
 * stored as hashes (tokens, passwords) or sealed (the TOTP secret, ctx.box).
 */
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const operators = pgTable(
  'operators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: ['finance', 'compliance', 'support', 'admin'] }).notNull(),
    /** `pending` until the set-up link is spent (password set, authenticator enrolled). */
    status: text('status', { enum: ['pending', 'active', 'disabled'] })
      .notNull()
      .default('pending'),
    /** Null until set-up. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, sealed; made when the set-up link is, proven by a code at set-up. */
    totpSecret: text('totp_secret').notNull(),
    /** Last accepted TOTP time step: a code counts once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operators_email_key').on(t.email)],
);

export const operatorSetupLinks = pgTable('operator_setup_links', {
  /** SHA-256 of the link's token. */
  tokenHash: text('token_hash').primaryKey(),
  operatorId: text('operator_id')
    .notNull()
    .references(() => operators.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One bearer token per session; idle and absolute limits in modules/operator/operator-session.ts. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    operatorId: text('operator_id')
      .notNull()
      .references(() => operators.id),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
  ],
);

/**
 * Who did what, when, before and after, and why. Append-only: a trigger (migration 0031) refuses
 * UPDATE, DELETE and TRUNCATE, and no endpoint edits it.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for the command line (`npm run operator`) and for sign-in tries naming no operator. */
    operatorId: text('operator_id'),
    operatorEmail: text('operator_email'),
    role: text('role'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
  },
  (t) => [index('operator_audit_at_idx').on(t.at), index('operator_audit_target_idx').on(t.targetId)],
);
