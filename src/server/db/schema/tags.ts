/** Tags (issue 15): a customer's labels; a card carries any number of them. */
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { cards } from './cards';

export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** The name NFKC-folded and lower-cased: unique per customer. */
    nameKey: text('name_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_key').on(t.accountId, t.nameKey)],
);

export const cardTags = pgTable(
  'card_tags',
  {
    cardId: text('card_id')
      .notNull()
      .references(() => cards.id),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.tagId] }), index('card_tags_tag_idx').on(t.tagId, t.cardId)],
);
