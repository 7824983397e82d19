/**
 * Finds the ledger account of every leg: wallets by customer and currency (made with the account;
 * a missing one is refused), house accounts by code (made on first use, with a fixed id, so two
 * first uses at once cannot make two).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { HouseRef, Leg } from './movement';

type HouseKind = HouseRef['house']['kind'];
import { houseCode, isWallet } from './movement';

export function houseAccountId(code: string): string {
  return `house:${code}`;
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
  await ensureHouseAccounts(tx, legs);
  return legs.map((leg) => {
    if (!isWallet(leg.account)) return houseAccountId(houseCode(leg.account.house));
    const id = walletIds.get(leg.account.wallet.currency);
    if (!id) throw fail.rule('server:ledger.noWallet', { currency: leg.account.wallet.currency });
    return id;
  });
}

/**
 * One `INSERT ... ON CONFLICT DO NOTHING` per movement with house legs. Not cached in memory: a
 * cached id whose insert was rolled back with its transaction would point at nothing.
 */
async function ensureHouseAccounts(tx: Tx, legs: readonly Leg[]): Promise<void> {
  const rows = new Map<string, { id: string; kind: HouseKind; code: string; currency: string }>();
  for (const leg of legs) {
    if (isWallet(leg.account)) continue;
    const code = houseCode(leg.account.house);
    rows.set(code, {
      id: houseAccountId(code),
      kind: leg.account.house.kind,
      code,
      currency: leg.account.house.currency,
    });
  }
  if (rows.size === 0) return;
  await tx
    .insert(ledgerAccounts)
    .values([...rows.values()].map((row) => ({ ...row, accountId: null, balance: 0 })))
    .onConflictDoNothing();
}
