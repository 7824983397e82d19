/**
 * The agent's money in the ledger and in its sub-ledger (schema/agent.ts). House accounts of kind
 * `rebate` per currency:
 *
 * - `expense`: what the programme has paid out of the fee income; goes negative as commission accrues.
 * - `pending`: accrued commission in its holding period.
 * - `available`: released commission, free to withdraw.
 * - `payouts`: bank withdrawals requested and not yet paid or failed.
 * - `receivable`: commission clawed back after it had been withdrawn (negative: what agents owe).
 *
 * `agent_balances` holds each agent's share of them; every movement here changes the sub-ledger in
 * the same transaction, and the sub-ledger row is always locked before any ledger account (the same
 * order everywhere, so no deadlock), its CHECKs refusing any balance below zero.
 */
import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { agentBalances } from '../../db/schema';
import type { Actor, HouseRef } from '../ledger';

export type RebateAccount = 'expense' | 'pending' | 'available' | 'payouts' | 'receivable';

export function rebateHouse(name: RebateAccount, currency: string): HouseRef {
  return { house: { kind: 'rebate', name, currency } };
}

export const AGENT_JOB: Actor = { ip: 'system', device: 'agent-jobs' };

export interface BalanceRow {
  pending: number;
  available: number;
  inPayout: number;
  owed: number;
}

/** Locks the agent's sub-ledger row of a currency, making it on first use. */
export async function lockBalance(tx: Tx, accountId: string, currency: string): Promise<BalanceRow> {
  await tx.insert(agentBalances).values({ accountId, currency }).onConflictDoNothing();
  const [row] = await tx
    .select({
      pending: agentBalances.pending,
      available: agentBalances.available,
      inPayout: agentBalances.inPayout,
      owed: agentBalances.owed,
    })
    .from(agentBalances)
    .where(and(eq(agentBalances.accountId, accountId), eq(agentBalances.currency, currency)))
    .for('update');
  if (!row) throw new Error('agent balance row missing after insert');
  return row;
}

type Delta = Partial<
  Record<'pending' | 'available' | 'inPayout' | 'owed' | 'earned' | 'withdrawn' | 'fees', number>
>;

/** Adds the deltas to the locked row; a CHECK refuses any balance below zero (a bug, not a customer error). */
export async function changeBalance(
  tx: Tx,
  accountId: string,
  currency: string,
  delta: Delta,
): Promise<void> {
  const set: Record<string, SQL> = {};
  for (const [name, value] of Object.entries(delta) as [keyof Delta, number][])
    if (value) set[name] = sql`${agentBalances[name]} + ${value}`;
  if (Object.keys(set).length === 0) return;
  await tx
    .update(agentBalances)
    .set(set)
    .where(and(eq(agentBalances.accountId, accountId), eq(agentBalances.currency, currency)));
}
