/**
 * Wallet accounts: one per customer and currency. The wallet issue adds the double-entry ledger on
 * top; the balance here is the stored balance it keeps equal to the sum of entries.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    /** Minor units; a customer balance never goes negative. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_accounts_owner_currency_key').on(t.accountId, t.currency),
    check('wallet_accounts_balance_check', sql`${t.balance} >= 0`),
  ],
);
