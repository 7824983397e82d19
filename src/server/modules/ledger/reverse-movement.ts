/**
 * Corrections are reversing movements, never updates (issue 4 §1): the reversal posts every entry
 * of the original with the opposite sign, in reverse order (so a wallet gives back a fee before it
 * gives back the credit it paid the fee from). A movement is reversed at most once (a unique index
 * backs this); a reversal itself cannot be reversed — post a new movement instead.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Actor, Leg, PostedMovement } from './movement';
import { postMovement } from './post-movement';
import { houseFromShardCode } from './resolve-accounts';

export interface Reversal {
  transactionId: string;
  /** Idempotency key of the reversal itself. */
  key: string;
  description: string;
  actor: Actor;
}

export async function reverseMovement(tx: Tx, ctx: AppContext, reversal: Reversal): Promise<PostedMovement> {
  const [original] = await tx
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      accountId: ledgerTransactions.accountId,
    })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, reversal.transactionId));
  if (!original || original.kind === 'reversal') throw fail.rule('server:ledger.notReversible');
  const entries = await tx
    .select({
      amount: ledgerEntries.amount,
      type: ledgerEntries.type,
      cardSerial: ledgerEntries.cardSerial,
      label: ledgerEntries.label,
      kind: ledgerAccounts.kind,
      code: ledgerAccounts.code,
      accountId: ledgerAccounts.accountId,
      currency: ledgerAccounts.currency,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId))
    .where(eq(ledgerEntries.transactionId, original.id))
    .orderBy(asc(ledgerEntries.id));
  const legs: Leg[] = entries.reverse().map((entry) => ({
    account: legAccount(entry),
    amount: -entry.amount,
    type: entry.kind === 'wallet' ? 'reversal' : `reversal:${entry.type}`,
    description: reversal.description,
    cardSerial: entry.cardSerial,
    label: entry.label,
  }));
  try {
    return await postMovement(tx, ctx, {
      key: reversal.key,
      kind: 'reversal',
      accountId: original.accountId,
      reference: original.id,
      reversesId: original.id,
      legs,
      actor: reversal.actor,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('server:ledger.alreadyReversed');
    throw error;
  }
}

/** The ledger account an entry was posted to, as a leg reference. */
function legAccount(entry: {
  kind: string;
  code: string | null;
  accountId: string | null;
  currency: string;
}): Leg['account'] {
  if (entry.kind === 'wallet') return { wallet: { accountId: entry.accountId!, currency: entry.currency } };
  if (entry.kind === 'card')
    return { card: { cardId: entry.code!.slice('card:'.length), currency: entry.currency } };
  return { house: houseFromShardCode(entry.code!) };
}
