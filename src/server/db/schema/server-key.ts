/**
 * The fingerprint of the server key that sealed this database (issue 28 §4): one row, written by
 * the first start. A start with another key is refused before it can serve a card it cannot open
 * (lib/key-fingerprint.ts). Never the key itself: an HMAC of a fixed label under the key.
 */
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const serverKey = pgTable(
  'server_key',
  {
    /** Always 1: the database has one key. */
    id: integer('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('server_key_single_row', sql`${t.id} = 1`)],
);
