/**
 * The account's verification level (docs/decisions.md "Identity verification") and the checks of
 * the actions that need one. An approval counts only until it expires, whether or not the expiry
 * job has run yet, so the level never depends on a timer.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IdentityLevel } from '../../../contract/identity-rules';
import { UNVERIFIED_TOPUP_CEILING, levelRank } from '../../../contract/identity-rules';
import type { Executor } from '../../db/client';
import { accounts, identityOrders, topupOrders } from '../../db/schema';
import { fail } from '../../lib/errors';

export async function identityLevelOf(db: Executor, accountId: string, now: Date): Promise<IdentityLevel> {
  const [order] = await db
    .select({ kind: identityOrders.kind, status: identityOrders.status, expiresAt: identityOrders.expiresAt })
    .from(identityOrders)
    .where(eq(identityOrders.accountId, accountId));
  if (!order || order.status !== 'approved') return 'unverified';
  if (order.expiresAt !== null && order.expiresAt.getTime() <= now.getTime()) return 'unverified';
  return order.kind;
}

/**
 * Refuses (422) an action that needs `needed`; `data.identityLevel` tells the PWA to offer the
 * verification page beside the message.
 */
export async function requireIdentityLevel(
  db: Executor,
  accountId: string,
  needed: IdentityLevel,
  now: Date,
): Promise<void> {
  const level = await identityLevelOf(db, accountId, now);
  if (levelRank(level) < levelRank(needed))
    throw fail.rule(`server:identity.needLevel.${needed}`, {}, { identityLevel: needed });
}

/** Top-ups of an unverified account that count against its ceiling: paid, or still payable. */
export async function topupsCounted(db: Executor, accountId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ currency: topupOrders.currency, total: sql<string>`coalesce(sum(${topupOrders.amount}), 0)` })
    .from(topupOrders)
    .where(
      and(
        eq(topupOrders.accountId, accountId),
        inArray(topupOrders.status, ['pending', 'confirming', 'paid']),
      ),
    )
    .groupBy(topupOrders.currency);
  return new Map(rows.map((row) => [row.currency, Number(row.total)]));
}

/**
 * An unverified account may top up at most UNVERIFIED_TOPUP_CEILING in all per currency; verified
 * accounts have no ceiling. A hard limit: the caller runs this inside the transaction that writes
 * the order, and it locks the account's row first (`FOR NO KEY UPDATE`, which leaves rows that
 * merely reference the account free), so of two orders racing the second waits, then counts the
 * first. Called on the database alone (outside a transaction) it is only the early refusal that
 * saves the customer's bank-card code.
 */
export async function requireTopupAllowed(
  db: Executor,
  accountId: string,
  currency: string,
  amount: number,
  now: Date,
): Promise<void> {
  const ceiling = UNVERIFIED_TOPUP_CEILING[currency];
  if (ceiling === undefined) return;
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
  if ((await identityLevelOf(db, accountId, now)) !== 'unverified') return;
  const used = (await topupsCounted(db, accountId)).get(currency) ?? 0;
  if (used + amount > ceiling)
    throw fail.rule(
      'server:identity.topupCeiling',
      { ceiling: (ceiling / 100).toFixed(2), currency, left: (Math.max(0, ceiling - used) / 100).toFixed(2) },
      { identityLevel: 'individual' },
    );
}
