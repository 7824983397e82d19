/**
 * Posts one movement to the double-entry ledger inside the caller's transaction (issue 4 §1):
 *
 * 1. The movement's key is claimed by inserting its ledger transaction; a key already posted returns
 *    the first movement (same legs) or 409 (other legs), so retries and duplicate callbacks never
 *    move money twice, even when they race (the unique index makes the second insert wait).
 * 2. Each leg changes its account's stored balance with one conditional UPDATE, in ledger-account
 *    id order so concurrent movements cannot deadlock; a wallet that would go below zero refuses
 *    the movement (422) and the caller's transaction rolls everything back.
 * 3. The entries are written with the balance after each of them (the flow rows), and an
 *    operation-log row records the movement in the same transaction.
 *
 * The database backs this up: entries must net to zero per currency at commit (deferred trigger),
 * ledger rows cannot be updated or deleted, wallet balances cannot go negative (CHECK).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, operationLogs } from '../../db/schema';
import { newId, sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { resolveLedgerAccounts } from './resolve-accounts';
import type { Movement, PostedEntry, PostedMovement } from './movement';
import { currencyOf, isWallet } from './movement';
import { newTxnNumber } from './txn-number';

export async function postMovement(tx: Tx, ctx: AppContext, movement: Movement): Promise<PostedMovement> {
  checkShape(movement);
  const requestHash = movementHash(movement);
  const now = ctx.now();
  const transactionId = newTxnNumber(now);
  const claimed = await tx
    .insert(ledgerTransactions)
    .values({
      id: transactionId,
      accountId: movement.accountId,
      kind: movement.kind,
      idempotencyKey: movement.key,
      requestHash,
      reversesId: movement.reversesId ?? null,
      reference: movement.reference ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (claimed.length === 0) return replay(tx, movement.key, requestHash);

  const accountIds = await resolveLedgerAccounts(tx, movement.legs);
  const entries: (PostedEntry & { index: number })[] = [];
  for (const index of lockOrder(accountIds)) {
    const leg = movement.legs[index]!;
    const id = accountIds[index]!;
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${leg.amount}` })
      .where(
        and(
          eq(ledgerAccounts.id, id),
          sql`(${ledgerAccounts.kind} NOT IN ('wallet', 'card') OR ${ledgerAccounts.balance} + ${leg.amount} >= 0)`,
        ),
      )
      .returning({ balance: ledgerAccounts.balance });
    if (!row) throw fail.rule('server:ledger.insufficientBalance', { currency: currencyOf(leg.account) });
    entries.push({
      index,
      ledgerAccountId: id,
      currency: currencyOf(leg.account),
      amount: leg.amount,
      balanceAfter: row.balance,
      type: leg.type,
    });
  }

  // Entries in the order the customer reads them (the legs' order), each with its balance after.
  entries.sort((a, b) => a.index - b.index);
  await tx.insert(ledgerEntries).values(
    entries.map((entry) => {
      const leg = movement.legs[entry.index]!;
      return {
        transactionId,
        ledgerAccountId: entry.ledgerAccountId,
        accountId: isWallet(leg.account) ? leg.account.wallet.accountId : null,
        currency: entry.currency,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        type: entry.type,
        description: leg.description ?? '',
        cardSerial: leg.cardSerial ?? null,
        label: leg.label ?? null,
        createdAt: now,
      };
    }),
  );
  await tx.insert(operationLogs).values({
    id: newId(),
    accountId: movement.accountId ?? 'house',
    subAccountId: movement.actor.subAccountId ?? null,
    action: `ledger.${movement.kind}`,
    result: 'success',
    code: 200,
    ip: movement.actor.ip,
    device: movement.actor.device,
    createdAt: now,
  });
  return { transactionId, replayed: false, entries: entries.map(({ index: _index, ...entry }) => entry) };
}

/**
 * A movement that breaks these rules is a bug in the feature that built it, not a customer error:
 * it throws a plain Error (a 500) and nothing is written.
 */
function checkShape(movement: Movement): void {
  if (movement.legs.length < 2) throw new Error(`ledger movement ${movement.kind} needs at least two legs`);
  const net = new Map<string, number>();
  for (const leg of movement.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0)
      throw new Error(`ledger leg amount must be a non-zero integer, got ${leg.amount}`);
    if (isWallet(leg.account) && leg.account.wallet.accountId !== movement.accountId)
      throw new Error('a movement may only touch the wallets of its own customer');
    const currency = currencyOf(leg.account);
    net.set(currency, (net.get(currency) ?? 0) + leg.amount);
  }
  for (const [currency, sum] of net)
    if (sum !== 0) throw new Error(`ledger movement ${movement.kind} does not net to zero in ${currency}`);
}

function movementHash(movement: Movement): string {
  return sha256(
    JSON.stringify([
      movement.kind,
      movement.accountId,
      movement.reversesId ?? null,
      movement.legs.map((leg) => [leg.account, leg.amount, leg.type]),
    ]),
  );
}

/** Leg indices sorted by ledger account id (stable), the lock order of every movement. */
function lockOrder(accountIds: readonly string[]): number[] {
  return accountIds
    .map((_, index) => index)
    .sort((a, b) => (accountIds[a]! < accountIds[b]! ? -1 : accountIds[a]! > accountIds[b]! ? 1 : a - b));
}

async function replay(tx: Tx, key: string, requestHash: string): Promise<PostedMovement> {
  const [first] = await tx
    .select({ id: ledgerTransactions.id, requestHash: ledgerTransactions.requestHash })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  if (!first) throw new Error(`ledger key ${key} vanished after a conflict`);
  if (first.requestHash !== requestHash) throw fail.conflict('server:ledger.keyReused');
  const entries = await tx
    .select({
      ledgerAccountId: ledgerEntries.ledgerAccountId,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      type: ledgerEntries.type,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.transactionId, [first.id]))
    .orderBy(ledgerEntries.id);
  return { transactionId: first.id, replayed: true, entries };
}
