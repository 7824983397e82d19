/** Spending-rule templates a customer saves (issue 33 §3): a name and a rule set. */
import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CardSpendRules } from '../../../contract/spending';
import { accounts } from './accounts';

export const spendingTemplates = pgTable(
  'spending_templates',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** The name NFKC-folded and lower-cased: unique per customer. */
    nameKey: text('name_key').notNull(),
    /** The rule set as the contract's `ruleSet` parsed it. */
    rules: jsonb('rules').$type<CardSpendRules>().notNull(),
    /** Who saved it last: `main` or `sub:<id>`. */
    savedBy: text('saved_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spending_templates_name_key').on(t.accountId, t.nameKey)],
);
