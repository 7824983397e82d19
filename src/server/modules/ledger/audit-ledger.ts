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
  /**
   * The agent programme's sub-ledger (schema/agent.ts) that does not add up: a `rebate` house
   * account (`pending:CNY`, ...) whose balance differs from the sum of the agents' shares, or an
   * agent (`<account>:<currency>`) whose pending balance differs from their pending commission lines.
   */
  rebateNotAgentBalances: string[];
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
    rebateNotAgentBalances: [
      ...(await ids(
        db,
        sql`with house as (
              select split_part(code, ':', 2) as name, currency, sum(balance) as total
                from ledger_accounts where kind = 'rebate' group by 1, 2),
            expected as (
              select 'pending' as name, currency, sum(pending) as total from agent_balances group by currency
              union all select 'available', currency, sum(available) from agent_balances group by currency
              union all select 'payouts', currency, sum(in_payout) from agent_balances group by currency
              union all select 'receivable', currency, -sum(owed) from agent_balances group by currency)
            select coalesce(h.name, e.name) || ':' || coalesce(h.currency, e.currency) as id
              from house h full join expected e on e.name = h.name and e.currency = h.currency
             where coalesce(h.name, e.name) <> 'expense' and coalesce(h.total, 0) <> coalesce(e.total, 0)`,
      )),
      ...(await ids(
        db,
        sql`select b.account_id || ':' || b.currency as id from agent_balances b
             where b.pending <> coalesce((select sum(c.amount) from agent_commissions c
                                           where c.agent_account_id = b.account_id and c.currency = b.currency
                                             and c.status = 'pending'), 0)`,
      )),
      // The agent's figures add up in every state of every withdrawal (issue 29 item 14).
      ...(await ids(
        db,
        sql`select b.account_id || ':' || b.currency || ':figures' as id from agent_balances b
             where b.earned <> b.pending + b.available + b.in_payout + b.withdrawn + b.fees - b.owed`,
      )),
    ],
  };
}

export function isHealthy(problems: LedgerProblems): boolean {
  return Object.values(problems).every((list) => list.length === 0);
}
