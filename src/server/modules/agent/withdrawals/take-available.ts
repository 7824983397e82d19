/**
 * Takes `amount` out of the agent's available commission, under the lock of their sub-ledger row:
 * of 50 withdrawals racing for one balance, each waits for the one before and sees what it left,
 * so together they never take more than there was (the row's CHECK backs this up).
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { agentBalances } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { changeBalance, lockBalance } from '../agent-ledger';

export async function takeAvailable(
  tx: Tx,
  accountId: string,
  currency: string,
  amount: number,
  also: { withdrawn?: number; inPayout?: number; fees?: number },
): Promise<void> {
  const balance = await lockBalance(tx, accountId, currency);
  if (balance.available < amount)
    throw fail.rule('server:agent.insufficient', {
      available: (balance.available / 100).toFixed(2),
      currency,
    });
  await changeBalance(tx, accountId, currency, { available: -amount, ...also });
}

/**
 * The same check without a lock, before the mail code is spent: a withdrawal the balance cannot
 * cover is refused without costing the customer their code (the locked check above still decides).
 */
export async function checkAvailable(
  db: Db,
  accountId: string,
  currency: string,
  amount: number,
): Promise<void> {
  const [row] = await db
    .select({ available: agentBalances.available })
    .from(agentBalances)
    .where(and(eq(agentBalances.accountId, accountId), eq(agentBalances.currency, currency)));
  const available = row?.available ?? 0;
  if (available < amount)
    throw fail.rule('server:agent.insufficient', { available: (available / 100).toFixed(2), currency });
}
