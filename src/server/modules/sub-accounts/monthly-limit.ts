/**
 * A member's monthly limits on what the owner's wallets pay for its cards (docs/decisions.md
 * "Sub-accounts and roles"), checked inside the money transaction of an opening or a recharge: the
 * member's row is locked first, so two charges of one member run the check one after the other and
 * the second sees the first (committed before the lock was granted). The used amount is summed from
 * the ledger (sub-figures.ts), never kept.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { subAccounts } from '../../db/schema';
import { fail } from '../../lib/errors';
import { figuresOf } from './sub-figures';
import { monthStartOf } from './sub-view';

function major(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** Refuses (422) a charge of `total` (minor units of `currency`) that would pass the member's limit. */
export async function assertWithinMonthlyLimit(
  tx: Tx,
  ctx: AppContext,
  owner: { accountId: string; subAccountId: string | null },
  currency: string,
  total: number,
): Promise<void> {
  if (!owner.subAccountId || (currency !== 'CNY' && currency !== 'USD')) return;
  const [row] = await tx
    .select({ cny: subAccounts.cnyRechargeLimit, usd: subAccounts.usdRechargeLimit })
    .from(subAccounts)
    .where(eq(subAccounts.id, owner.subAccountId))
    .for('update');
  const limit = currency === 'CNY' ? row?.cny : row?.usd;
  if (limit === null || limit === undefined) return;
  const month = await figuresOf(tx, owner.accountId, [owner.subAccountId], monthStartOf(ctx.now()));
  const figures = month.get(owner.subAccountId)!;
  const used = currency === 'CNY' ? figures.cnyRecharge : figures.usdRecharge;
  if (used + total > limit) {
    const name = currency === 'CNY' ? 'cnyRecharge' : 'usdRecharge';
    throw fail.rule(`server:subAccounts.limitReached.${name}`, { used: major(used), max: major(limit) });
  }
}
