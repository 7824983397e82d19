/**
 * Checks the invariants of the ledger over the whole database: every transaction nets to zero per
 * currency, every stored balance equals the sum of its entries and the last entry's balance-after,
 * no wallet is negative, every card row's copy of its balance equals its ledger account's. The tests run it after every step; an operator can run it any time.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';

export interface LedgerProblems {
  unbalancedTransactions: string[];
  balanceNotSumOfEntries: string[];
  balanceNotLastBalanceAfter: string[];
  negativeWallets: string[];
  /** Cards whose `balance` copy (kept by triggers for the list's filter) differs from the ledger. */
  cardCopyNotBalance: string[];
}

async function ids(db: Executor, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rowsOf<{ id: string }>(db, query)).map((row) => row.id);
}

export async function auditLedger(db: Executor): Promise<LedgerProblems> {
  return {
    unbalancedTransactions: await ids(
      db,
      sql`select transaction_id as id from ledger_entries group by transaction_id, currency having sum(amount) <> 0`,
    ),
    balanceNotSumOfEntries: await ids(
      db,
      sql`select a.id from ledger_accounts a left join ledger_entries e on e.ledger_account_id = a.id
          group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
    ),
    balanceNotLastBalanceAfter: await ids(
      db,
      sql`select a.id from ledger_accounts a
          join lateral (select balance_after from ledger_entries e where e.ledger_account_id = a.id
                        order by e.id desc limit 1) last on true
          where last.balance_after <> a.balance`,
    ),
    negativeWallets: await ids(
      db,
      sql`select id from ledger_accounts where kind in ('wallet', 'card') and balance < 0`,
    ),
    cardCopyNotBalance: await ids(
      db,
      sql`select c.id from cards c join ledger_accounts a on a.id = c.ledger_account_id
          where c.balance <> a.balance`,
    ),
  };
}

export function isHealthy(problems: LedgerProblems): boolean {
  return Object.values(problems).every((list) => list.length === 0);
}
