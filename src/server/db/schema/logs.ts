/** Login and operation logs (append-only). */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const loginLogs = pgTable(
  'login_logs',
  {
    id: text('id').primaryKey(),
    /** Null when the attempt named no known account (kept for the address-based view). */
    accountId: text('account_id'),
    method: text('method', { enum: ['password', 'code', 'google', 'refresh', 'passkey'] }).notNull(),
    /** `continued`: the first step of a sign-in that went on to a second one (the Google code). */
    result: text('result', { enum: ['success', 'failure', 'continued'] }).notNull(),
    reason: text('reason'),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_logs_account_idx').on(t.accountId, t.createdAt)],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    subAccountId: text('sub_account_id'),
    action: text('action').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    code: integer('code').notNull(),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
    /** What changed, where a call says (e.g. a role's permission keys before and after). */
    detail: jsonb('detail'),
    /** What the call concerned: cards or a top-up order (lib/audit-subject.ts); null for the rest. */
    subjectKind: text('subject_kind', { enum: ['card', 'order'] }),
    subjectIds: text('subject_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_logs_account_idx').on(t.accountId, t.createdAt),
    index('operation_logs_subjects_idx').using('gin', t.subjectIds),
  ],
);
