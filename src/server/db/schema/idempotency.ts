/**
 * Answers of money-moving calls by `Idempotency-Key` (api-conventions "Data"): the same key with
 * the same parameters gets the first answer back; with other parameters, 409. Kept 48 hours.
 */
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    endpointId: text('endpoint_id').notNull(),
    requestHash: text('request_hash').notNull(),
    /** `pending` while the first call runs; `done` with its answer afterwards. */
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    code: integer('code'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);
