/**
 * Finds the ledger account of every leg: wallets by customer and currency (made with the account;
 * a missing one is refused), house accounts by code (made on first use, with a fixed id, so two
 * first uses at once cannot make two).
 *
 * A house account is stored as HOUSE_SHARDS rows (`<code>#0` … `<code>#15`) and each leg takes one
 * at random: every WeChat payment credits `clearing:wechat:CNY`, and one row would make all of
 * them wait for each other's row lock until commit (measured: 131 confirmations/s on PostgreSQL
 * with one row). The account's balance is the sum of its shards; each shard still equals the sum
 * of its own entries.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { HouseRef, Leg } from './movement';
import { cardLedgerAccountId, houseCode, isCard, isWallet } from './movement';

type HouseKind = HouseRef['house']['kind'];

export const HOUSE_SHARDS = 16;

export function houseAccountId(shardCode: string): string {
  return `house:${shardCode}`;
}

/** `clearing:wechat:CNY#7` -> the house account it is a shard of. */
export function houseFromShardCode(shardCode: string): HouseRef['house'] {
  const [kind, name, currency] = shardCode.replace(/#\d+$/, '').split(':') as [HouseKind, string, string];
  return { kind, name, currency };
}

export async function resolveLedgerAccounts(tx: Tx, legs: readonly Leg[]): Promise<string[]> {
  const walletKeys = new Set<string>();
  for (const leg of legs) if (isWallet(leg.account)) walletKeys.add(leg.account.wallet.currency);
  const walletIds = new Map<string, string>();
  const owner = legs.find((leg) => isWallet(leg.account));
  if (owner && isWallet(owner.account)) {
    const rows = await tx
      .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, 'wallet'),
          eq(ledgerAccounts.accountId, owner.account.wallet.accountId),
          inArray(ledgerAccounts.currency, [...walletKeys]),
        ),
      );
    for (const row of rows) walletIds.set(row.currency, row.id);
  }
  const shardCodes = legs.map((leg) =>
    isWallet(leg.account) || isCard(leg.account)
      ? null
      : `${houseCode(leg.account.house)}#${randomInt(HOUSE_SHARDS)}`,
  );
  await ensureHouseAccounts(tx, legs, shardCodes);
  return legs.map((leg, index) => {
    const shardCode = shardCodes[index];
    if (shardCode) return houseAccountId(shardCode);
    // A card's account is made with the card (cards module); a leg naming a card that does not
    // exist fails on the entry's foreign key and rolls the movement back.
    if (isCard(leg.account)) return cardLedgerAccountId(leg.account.card.cardId);
    if (!isWallet(leg.account)) throw new Error('unreachable: a house leg without a shard');
    const id = walletIds.get(leg.account.wallet.currency);
    if (!id) throw fail.rule('server:ledger.noWallet', { currency: leg.account.wallet.currency });
    return id;
  });
}

/**
 * One `INSERT ... ON CONFLICT DO NOTHING` per movement with house legs. Not cached in memory: a
 * cached id whose insert was rolled back with its transaction would point at nothing.
 */
async function ensureHouseAccounts(
  tx: Tx,
  legs: readonly Leg[],
  shardCodes: readonly (string | null)[],
): Promise<void> {
  const rows = new Map<string, { id: string; kind: HouseKind; code: string; currency: string }>();
  legs.forEach((leg, index) => {
    const code = shardCodes[index];
    if (isWallet(leg.account) || isCard(leg.account) || !code) return;
    rows.set(code, {
      id: houseAccountId(code),
      kind: leg.account.house.kind,
      code,
      currency: leg.account.house.currency,
    });
  });
  if (rows.size === 0) return;
  await tx
    .insert(ledgerAccounts)
    .values([...rows.values()].map((row) => ({ ...row, accountId: null, balance: 0 })))
    .onConflictDoNothing();
}
