/**
 * Spending controls (issue 33, contract/spending.ts): a card's rules, a group's monthly budget, and
 * the counters the authorization decision claims against.
 *
 * `spend_counters` holds, per subject (`card:<id>` or `group:<id>`) and period (`day:YYYY-MM-DD`,
 * `month:YYYY-MM` in the account calendar, or `life`), what approved authorizations hold and what
 * cleared. An approval adds to `held` (a group's month: one conditional upsert that refuses past the
 * budget, so concurrent authorizations of different cards never pass it); a clearing moves the
 * amount from `held` to `spent`; a reversal takes it off `held`. Rows of past days and months are
 * kept (they are the history the card screen does not need; a purge can drop them).
 */
import { bigint, check, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CardSpendRules } from '../../../contract/spending';
import { cardGroups } from './card-groups';
import { cards } from './cards';

export const cardSpendRules = pgTable('card_spend_rules', {
  cardId: text('card_id')
    .primaryKey()
    .references(() => cards.id),
  accountId: text('account_id').notNull(),
  /** The rules as the contract's `cardSpendRules` output (validated on write and on read). */
  rules: jsonb('rules').$type<CardSpendRules>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cardGroupBudgets = pgTable(
  'card_group_budgets',
  {
    groupId: text('group_id')
      .primaryKey()
      .references(() => cardGroups.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** Minor units per calendar month of the account. */
    monthly: bigint('monthly', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('card_group_budgets_monthly_check', sql`${t.monthly} > 0`)],
);

export const spendCounters = pgTable(
  'spend_counters',
  {
    subject: text('subject').notNull(),
    period: text('period').notNull(),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.period] }),
    check('spend_counters_held_check', sql`${t.held} >= 0`),
    check('spend_counters_spent_check', sql`${t.spent} >= 0`),
  ],
);
