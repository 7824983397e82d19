/**
 * A member's monthly limits on what the owner's wallets pay for its cards (docs/decisions.md
 * "Sub-accounts and roles"), checked inside the money transaction of an opening or a recharge: the
 * member's row is locked first, so two charges of one member run the check one after the other and
 * the second sees the first (committed before the lock was granted). The used amount is summed from
 * the ledger (sub-figures.ts), never kept.
 *
 * The USD spend limit is checked when a merchant asks for an authorization (card-spend/authorizations/authorize.ts),
 * in the transaction that decides it, after the card's row lock: a per-member advisory lock, taken
 * only by authorizations, makes two authorizations of one member's cards decide one after the
 * other, so the second counts the first. An advisory lock and not the member's row: a recharge locks
 * the member's row and then the card, an authorization the card and then the member, and the two
 * would deadlock on the row.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { subAccounts } from '../../db/schema';
import { fail } from '../../lib/errors';
import { figuresOf, usdSpentBy } from './sub-figures';
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

/**
 * What is left this month of the USD spend limit of the member holding a USD card, or null when no
 * limit applies. Takes the member's spend lock (see above) when there is a limit; call it inside
 * the authorization's transaction, after the card is locked.
 */
export async function memberSpendLeft(
  tx: Tx,
  ctx: AppContext,
  card: { accountId: string; subAccountId: string | null; currency: string },
): Promise<number | null> {
  if (!card.subAccountId || card.currency !== 'USD') return null;
  const [row] = await tx
    .select({ limit: subAccounts.usdSpendLimit })
    .from(subAccounts)
    .where(eq(subAccounts.id, card.subAccountId));
  if (row?.limit === null || row?.limit === undefined) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sub-spend:${card.subAccountId}`}))`);
  const used = await usdSpentBy(tx, card.accountId, card.subAccountId, monthStartOf(ctx.now()));
  return Math.max(0, row.limit - used);
}
