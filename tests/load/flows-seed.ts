/**
 * Seeds a long wallet history for the flow benchmark in bulk SQL instead of one postMovement per
 * movement (50,000 of those take minutes on PGlite). The rows keep every ledger rule that
 * postMovement keeps, and the database checks them as it would for any movement: each transaction's
 * entries net to zero per currency (the deferred trigger runs at each batch's commit), each entry
 * matches its ledger account, every balance_after is the running sum of its account's entries, and
 * each stored balance ends equal to the sum of its entries (wallets never dip below zero).
 *
 * Movement i (one every 10 minutes from 2025-01-01 UTC+8; every fifth in USD, the rest in CNY)
 * has two wallet legs and two house legs, by i % 4:
 *   0, 1  top-up        wallet +500.00 top-up, -3.00 fee      clearing -500.00, fee income +3.00
 *   2     card top-up   wallet -400.00 (card), -2.00 fee      card funding +400.00, fee income +2.00
 *   3     card refund   wallet +10.00 (card), +0.50 rebate    card funding -10.00, fee income -0.50
 * (the rebate is given back out of the fee income: the house `rebate` accounts belong to the agent
 * programme, whose sub-ledger the audit checks them against), so one account gets two flow rows
 * per movement; card rows carry one of 500 card serials (at 50,000 movements, each on 25 card
 * top-ups and 25 refunds) and one of 7 labels.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import { inTransaction } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/client';

const HOUSE = ['clearing', 'fee_income', 'card_funding'] as const;
export const SEED_START = '2025-01-01T00:00:00+08:00';
export const SEED_STEP_MINUTES = 10;

async function ensureHouseAccounts(db: Executor): Promise<void> {
  for (const currency of ['CNY', 'USD'])
    for (const kind of HOUSE) {
      const code = `${kind}:bench:${currency}`;
      await db.execute(sql`insert into ledger_accounts (id, kind, account_id, code, currency, balance)
        values (${`house:${code}`}, ${kind}, null, ${code}, ${currency}, 0) on conflict do nothing`);
    }
}

/** Movement i's columns, shared by both statements of a batch. */
function movements(from: number, to: number) {
  return sql`select i, i % 4 as k, case when i % 5 = 0 then 'USD' else 'CNY' end as cur, at,
      'T' || to_char(at at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((i % 1000000)::text, 6, '0') as txn,
      'C' || lpad(((i / 4) % 500)::text, 4, '0') as serial
    from (select i, ${SEED_START}::timestamptz + make_interval(mins => i * ${SEED_STEP_MINUTES}::int) as at
          from generate_series(${from}::int, ${to - 1}::int) as i) s`;
}

/**
 * One batch of movements [from, to): the transactions, then their entries with running balances
 * (each ledger account's balance before the batch plus the running sum of its entries in the batch)
 * and the new stored balances in the same statement, which reads every balance as of its start.
 */
async function seedBatch(db: Executor, accountId: string, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into ledger_transactions (id, account_id, kind, idempotency_key, request_hash, created_at)
    select m.txn, ${accountId}, (array['topup', 'topup', 'card_recharge', 'card_refund'])[m.k + 1],
           'bench-flows:' || ${accountId} || ':' || m.i, 'bench', m.at
    from (${movements(from, to)}) m`);
  await db.execute(sql`
    with legs as (
      select m.i, l.leg, m.cur, m.at, m.txn,
        case when l.leg <= 2 then w.id else 'house:' || l.house || ':bench:' || m.cur end as ledger_account_id,
        case when l.leg <= 2 then ${accountId} end as account_id,
        l.amount, l.type, l.description,
        case when l.carded then m.serial end as card_serial,
        case when l.carded then 'L' || (m.i % 7) end as label
      from (${movements(from, to)}) m
      join ledger_accounts w on w.kind = 'wallet' and w.account_id = ${accountId} and w.currency = m.cur
      cross join lateral (values
        (1, null, case when m.k < 2 then 50000 when m.k = 2 then -40000 else 1000 end,
             case when m.k < 2 then 'topup' when m.k = 2 then 'card_recharge' else 'card_refund' end,
             case when m.k < 2 then 'WeChat Pay' when m.k = 2 then 'Card top-up' else 'Card refund' end,
             m.k >= 2),
        (2, null, case when m.k < 2 then -300 when m.k = 2 then -200 else 50 end,
             case when m.k < 3 then 'fee' else 'rebate' end,
             case when m.k < 2 then 'Top-up fee' when m.k = 2 then 'Card fee' else 'Rebate' end,
             false),
        (3, case when m.k < 2 then 'clearing' else 'card_funding' end,
             case when m.k < 2 then -50000 when m.k = 2 then 40000 else -1000 end, 'bench', '', false),
        (4, 'fee_income',
             case when m.k < 2 then 300 when m.k = 2 then 200 else -50 end, 'bench', '', false)
      ) as l(leg, house, amount, type, description, carded)
    ),
    inserted as (
      insert into ledger_entries (transaction_id, ledger_account_id, account_id, currency, amount, balance_after,
                                  type, description, card_serial, label, created_at)
      select legs.txn, legs.ledger_account_id, legs.account_id, legs.cur, legs.amount,
             a.balance + sum(legs.amount) over (partition by legs.ledger_account_id order by legs.i, legs.leg),
             legs.type, legs.description, legs.card_serial, legs.label, legs.at
      from legs join ledger_accounts a on a.id = legs.ledger_account_id
      order by legs.i, legs.leg
      returning ledger_account_id, amount
    )
    update ledger_accounts a set balance = a.balance + s.total
    from (select ledger_account_id, sum(amount) as total from inserted group by ledger_account_id) s
    where a.id = s.ledger_account_id`);
}

/** Seeds `movements` movements (2 flow rows each) for one account; returns the seconds it took. */
export async function seedFlowHistory(
  database: Database,
  accountId: string,
  movements: number,
  batch = 5_000,
): Promise<number> {
  const started = performance.now();
  await ensureHouseAccounts(database.db);
  for (let from = 0; from < movements; from += batch) {
    const to = Math.min(movements, from + batch);
    await inTransaction(database.db, (tx) => seedBatch(tx, accountId, from, to));
  }
  // A live database has its statistics kept by autovacuum; a freshly bulk-loaded one needs them now.
  await database.db.execute(sql`analyze ledger_entries`);
  await database.db.execute(sql`analyze ledger_transactions`);
  return (performance.now() - started) / 1000;
}
