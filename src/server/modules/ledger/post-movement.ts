/**
 * Posts one movement to the double-entry ledger inside the caller's transaction (issue 4 §1), as
 * ONE call of the database function `ledger_post` (migration 0010 says why one call):
 *
 * 1. The movement's key is claimed by inserting its ledger transaction under a new transaction
 *    number (`ledger_txn_number`), with the operation-log row; a key already posted returns the
 *    first movement (same legs) or 409 (other legs), so retries and duplicate callbacks never move
 *    money twice, even when they race (the unique index makes the second insert wait).
 * 2. Each leg's ledger account is found: the customer's wallet, the card's account, or a shard of a
 *    house account (made on first use).
 * 3. The accounts' rows are locked in one order every movement uses (house accounts, then wallets
 *    and cards, each by id), so concurrent movements cannot deadlock and a customer's wallet is
 *    held for the shortest time; then one statement changes each balance by the net of its legs
 *    and writes the entries with the balance after each of them (the flow rows). A wallet or card
 *    that would go below zero, at the end or part-way through its legs, refuses the movement (422)
 *    and the caller's transaction rolls everything back.
 *
 * Here, before the call: the movement's shape (a bug in the feature that built it, not a customer
 * error) and the hash of its legs. The database backs it all up: entries must match their account
 * and net to zero per currency after every statement that writes them (a statement trigger), ledger
 * rows cannot be updated or deleted, wallet and card balances cannot go negative (CHECK).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { databaseErrorOf, rowsOf } from '../../db/client';
import { newId, sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Leg, Movement, PostedMovement } from './movement';
import { currencyOf, houseCode, isCard, isWallet } from './movement';

/** What `ledger_post` answers (snake_case, as the database writes it). */
interface LedgerPostAnswer {
  transaction_id: string;
  replayed: boolean;
  entries: {
    ledger_account_id: string;
    currency: string;
    amount: number;
    balance_after: number;
    type: string;
  }[];
}

export async function postMovement(tx: Tx, ctx: AppContext, movement: Movement): Promise<PostedMovement> {
  checkShape(movement);
  const now = ctx.now();
  const argument = {
    key: movement.key,
    kind: movement.kind,
    account_id: movement.accountId,
    reference: movement.reference ?? null,
    reverses_id: movement.reversesId ?? null,
    request_hash: movementHash(movement),
    log_id: newId(),
    at: now.toISOString(),
    ip: movement.actor.ip,
    device: movement.actor.device,
    sub_account_id: movement.actor.subAccountId ?? null,
    legs: movement.legs.map(legArgument),
  };
  let answer: LedgerPostAnswer;
  try {
    const [row] = await rowsOf<{ posted: LedgerPostAnswer }>(
      tx,
      sql`select ledger_post(${JSON.stringify(argument)}::jsonb) as posted`,
    );
    answer = row!.posted;
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
  return {
    transactionId: answer.transaction_id,
    replayed: answer.replayed,
    entries: answer.entries.map((entry) => ({
      ledgerAccountId: entry.ledger_account_id,
      currency: entry.currency,
      amount: Number(entry.amount),
      balanceAfter: Number(entry.balance_after),
      type: entry.type,
    })),
  };
}

/** A leg as `ledger_post` reads it. */
function legArgument(leg: Leg, i: number) {
  const { account } = leg;
  const where = isWallet(account)
    ? { kind: 'wallet', ref: null, house_kind: null }
    : isCard(account)
      ? { kind: 'card', ref: account.card.cardId, house_kind: null }
      : { kind: 'house', ref: houseCode(account.house), house_kind: account.house.kind };
  return {
    i,
    ...where,
    currency: currencyOf(account),
    amount: leg.amount,
    type: leg.type,
    description: leg.description ?? '',
    card_serial: leg.cardSerial ?? null,
    label: leg.label ?? null,
  };
}

/** The answers `ledger_post` refuses with (its own SQLSTATEs, migration 0010). */
function ledgerRefusal(error: unknown) {
  const found = databaseErrorOf(error);
  const currency = found?.detail ?? '';
  if (found?.code === 'CPL01') return fail.rule('server:ledger.insufficientBalance', { currency });
  if (found?.code === 'CPL02') return fail.conflict('server:ledger.keyReused');
  if (found?.code === 'CPL03') return fail.rule('server:ledger.noWallet', { currency });
  return undefined;
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
