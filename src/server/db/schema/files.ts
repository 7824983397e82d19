/** Uploaded files: bytes live in the storage provider under a server-made key; rows say whose. */
import { integer, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const files = pgTable(
  'files',
  {
    /** Server-made id, also the storage key: a client never chooses a name on disk. */
    id: text('id').primaryKey(),
    ownerAccountId: text('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * The team member whose session uploaded it (null: the owner). A member reads back only what
     * it uploaded itself among the `general` files (read-file.ts).
     */
    uploadedBySubId: text('uploaded_by_sub_id'),
    purpose: text('purpose', { enum: ['topup_proof', 'general', 'identity_doc'] }).notNull(),
    /** Detected from the content, never taken from the name or the request. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerAccountId, t.createdAt)],
);
