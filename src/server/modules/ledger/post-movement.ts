/**
 * Posts one movement to the double-entry ledger inside the caller's transaction (issue 4 §1):
 *
 * 1. The movement's key is claimed by inserting its ledger transaction, with the operation-log row
 *    in the same statement; a key already posted returns the first movement (same legs) or 409
 *    (other legs), so retries and duplicate callbacks never move money twice, even when they race
 *    (the unique index makes the second insert wait).
 * 2. The accounts' rows are locked in ledger-account id order so concurrent movements cannot
 *    deadlock; then one statement changes each balance by the net of its legs and writes the
 *    entries with the balance after each of them (the flow rows). A wallet or card that would go
 *    below zero, at the end or part-way through its legs, refuses the movement (422) and the
 *    caller's transaction rolls everything back (movement-statements.ts says why so few statements).
 *
 * The database backs this up: entries must net to zero per currency at commit (deferred trigger),
 * ledger rows cannot be updated or deleted, wallet balances cannot go negative (CHECK).
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { resolveLedgerAccounts } from './resolve-accounts';
import type { Movement, PostedMovement } from './movement';
import { currencyOf, isCard, isWallet } from './movement';
import { applyLegs, claimWithLog, lockAccounts } from './movement-statements';
import { newTxnNumber } from './txn-number';

/**
 * `options.transactionId`: the number the movement will get, chosen beforehand by a caller that
 * writes it elsewhere first (a top-up order, so that the ledger comes last in its transaction).
 */
export async function postMovement(
  tx: Tx,
  ctx: AppContext,
  movement: Movement,
  options: { transactionId?: string } = {},
): Promise<PostedMovement> {
  checkShape(movement);
  const requestHash = movementHash(movement);
  const now = ctx.now();
  const transactionId = options.transactionId ?? newTxnNumber(now);
  if (!(await claimWithLog(tx, movement, { transactionId, requestHash }, now)))
    return replay(tx, movement.key, requestHash);

  const accountIds = await resolveLedgerAccounts(tx, movement.legs);
  // From here on the balance rows stay locked until the caller commits: nothing but these two
  // statements, so that the next movement of the same wallet waits as little as possible.
  await lockAccounts(tx, accountIds);
  const applied = await applyLegs(tx, movement, accountIds, transactionId, now);
  const overdrawn = movement.legs.find(
    (leg, index) =>
      applied[index]?.index !== index ||
      ((isWallet(leg.account) || isCard(leg.account)) && applied[index].balanceAfter < 0),
  );
  if (overdrawn)
    throw fail.rule('server:ledger.insufficientBalance', { currency: currencyOf(overdrawn.account) });
  return {
    transactionId,
    replayed: false,
    entries: applied.map((entry) => {
      const leg = movement.legs[entry.index]!;
      return {
        ledgerAccountId: entry.ledgerAccountId,
        currency: currencyOf(leg.account),
        amount: leg.amount,
        balanceAfter: entry.balanceAfter,
        type: leg.type,
      };
    }),
  };
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
