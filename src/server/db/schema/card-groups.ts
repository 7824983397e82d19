/**
 * Card groups (issue 15): a customer's folders of cards. Membership is its own table keyed by the
 * card, so a card is in at most one group by the primary key (not by code that could race), and the
 * cards table stays as the cards module owns it. Removing a group deletes its memberships: the cards
 * stay, in no group.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { cards } from './cards';

export const cardGroups = pgTable(
  'card_groups',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** The name NFKC-folded and lower-cased: unique per customer (card-groups/name-key.ts). */
    nameKey: text('name_key').notNull(),
    /** The sub-account user who created it; null: the main account holder. */
    creatorSubAccountId: text('creator_sub_account_id'),
    /** Set while pinned to the top; the latest pin comes first. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_groups_name_key').on(t.accountId, t.nameKey),
    index('card_groups_account_idx').on(t.accountId, t.createdAt),
  ],
);

export const cardGroupMembers = pgTable(
  'card_group_members',
  {
    /** One row per card at most: a card is in one group or none. */
    cardId: text('card_id')
      .primaryKey()
      .references(() => cards.id),
    groupId: text('group_id')
      .notNull()
      .references(() => cardGroups.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_group_members_group_idx').on(t.groupId, t.cardId)],
);

/**
 * What happened to groups, with the detail the operation log has no room for: a merge names the
 * groups it emptied, the target and how many cards moved. Written in the operation's transaction.
 */
export const cardGroupLogs = pgTable(
  'card_group_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    subAccountId: text('sub_account_id'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_group_logs_account_idx').on(t.accountId, t.createdAt)],
);
