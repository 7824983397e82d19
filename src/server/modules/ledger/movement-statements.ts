/**
 * The statements of `postMovement`, written so that a movement holds its balance row locks for as
 * short a time as possible. Every top-up of one customer credits the same wallet row, and each
 * waits for the previous one's lock until it commits: the time between a movement's first balance
 * update and its commit is what limits confirmations per second (issue 4: ≥ 500/s). So the claim of
 * the key and the operation-log row go in one statement before any lock, and the balances and the
 * entries in one statement after the locks, instead of a round trip per leg.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { newId } from '../../lib/crypto';
import type { Movement } from './movement';
import { currencyOf, isWallet } from './movement';

/**
 * Claims the movement's key by inserting its ledger transaction, and writes the operation-log row
 * only if the claim succeeded. False: the key was posted before (nothing written).
 */
export async function claimWithLog(
  tx: Tx,
  movement: Movement,
  ids: { transactionId: string; requestHash: string },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`with claim as (
          insert into ledger_transactions
            (id, account_id, kind, idempotency_key, request_hash, reverses_id, reference, created_at)
          values (${ids.transactionId}, ${movement.accountId}, ${movement.kind}, ${movement.key},
                  ${ids.requestHash}, ${movement.reversesId ?? null}, ${movement.reference ?? null},
                  ${at}::timestamptz)
          on conflict (idempotency_key) do nothing
          returning id),
        logged as (
          insert into operation_logs (id, account_id, sub_account_id, action, result, code, ip, device, created_at)
          select ${newId()}, ${movement.accountId ?? 'house'}, ${movement.actor.subAccountId ?? null},
                 ${`ledger.${movement.kind}`}, 'success', 200, ${movement.actor.ip}, ${movement.actor.device},
                 ${at}::timestamptz
          from claim)
        select id from claim`,
  );
  return rows.length > 0;
}

/**
 * Locks the balance rows in ledger-account id order, the one order every movement uses, so two
 * movements over the same accounts wait for each other instead of deadlocking.
 */
export async function lockAccounts(tx: Tx, accountIds: readonly string[]): Promise<void> {
  const distinct = [...new Set(accountIds)].sort();
  await tx.execute(
    sql`select id from ledger_accounts where id in (${sql.join(
      distinct.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
}

export interface AppliedEntry {
  index: number;
  ledgerAccountId: string;
  balanceAfter: number;
}

/**
 * One statement: every account's balance changes by the net of its legs (a wallet or card that
 * would end below zero is left out, and so are its entries), and the entries are written in the
 * legs' order, each with the account's balance after it. The caller compares what came back with
 * the legs to refuse an overdraft, at the end or part-way through an account's legs.
 */
export async function applyLegs(
  tx: Tx,
  movement: Movement,
  accountIds: readonly string[],
  transactionId: string,
  now: Date,
): Promise<AppliedEntry[]> {
  const legs = movement.legs.map(
    (leg, index) =>
      sql`(${index}::int, ${accountIds[index]!}::text, ${leg.amount}::bigint,
           ${isWallet(leg.account) ? leg.account.wallet.accountId : null}::text, ${currencyOf(leg.account)}::text,
           ${leg.type}::text, ${leg.description ?? ''}::text, ${leg.cardSerial ?? null}::text, ${leg.label ?? null}::text)`,
  );
  const rows = await rowsOf<{ idx: number; ledger_account_id: string; balance_after: unknown }>(
    tx,
    sql`with legs (idx, account_id, amount, owner_id, currency, type, description, card_serial, label) as (
          values ${sql.join(legs, sql`, `)}),
        nets as (select account_id, sum(amount)::bigint as net from legs group by account_id),
        moved as (
          update ledger_accounts a set balance = a.balance + n.net
          from nets n
          where a.id = n.account_id and (a.kind not in ('wallet', 'card') or a.balance + n.net >= 0)
          returning a.id, a.balance),
        entries as (
          select legs.*,
                 moved.balance - coalesce(sum(legs.amount) over (
                   partition by legs.account_id order by legs.idx
                   rows between 1 following and unbounded following), 0) as balance_after
          from legs join moved on moved.id = legs.account_id),
        written as (
          insert into ledger_entries (transaction_id, ledger_account_id, account_id, currency, amount,
                                      balance_after, type, description, card_serial, label, created_at)
          select ${transactionId}, account_id, owner_id, currency, amount, balance_after, type, description,
                 card_serial, label, ${now.toISOString()}::timestamptz
          from entries order by idx)
        select idx, account_id as ledger_account_id, balance_after from entries order by idx`,
  );
  return rows.map((row) => ({
    index: Number(row.idx),
    ledgerAccountId: row.ledger_account_id,
    balanceAfter: Number(row.balance_after),
  }));
}
