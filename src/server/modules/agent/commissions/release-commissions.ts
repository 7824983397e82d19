/**
 * The release job: a pending commission whose holding period has ended becomes available. One
 * commission per transaction, claimed with `FOR UPDATE SKIP LOCKED` and released under its status
 * check, so processes running the job at once never release one twice (the ledger key
 * `rebate:release:<commission>` backs that up). An agent who owes clawed-back commission pays it
 * from the release first.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { agentCommissions } from '../../../db/schema';
import type { Leg } from '../../ledger';
import { postMovement } from '../../ledger';
import { AGENT_JOB, changeBalance, lockBalance, rebateHouse } from '../agent-ledger';

/**
 * Releases up to `limit` commissions due at `asOf` (now; the demo desk's test clock passes a later
 * time, never in production mode).
 */
export async function releaseCommissions(ctx: AppContext, asOf = ctx.now(), limit = 200): Promise<number> {
  let released = 0;
  for (; released < limit; released++) {
    const done = await inTransaction(ctx.database.db, (tx) => releaseNext(tx, ctx, asOf));
    if (!done) break;
  }
  return released;
}

async function releaseNext(tx: Tx, ctx: AppContext, asOf: Date): Promise<boolean> {
  const [line] = await tx
    .select()
    .from(agentCommissions)
    .where(and(eq(agentCommissions.status, 'pending'), lte(agentCommissions.availableAt, asOf)))
    .orderBy(asc(agentCommissions.availableAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!line) return false;
  const { agentAccountId: agent, currency, amount } = line;
  const balance = await lockBalance(tx, agent, currency);
  const repaid = Math.min(balance.owed, amount);
  const freed = amount - repaid;
  await changeBalance(tx, agent, currency, { pending: -amount, available: freed, owed: -repaid });
  const legs: Leg[] = [
    { account: rebateHouse('pending', currency), amount: -amount, type: 'rebate_release' },
  ];
  if (freed > 0)
    legs.push({ account: rebateHouse('available', currency), amount: freed, type: 'rebate_release' });
  if (repaid > 0)
    legs.push({ account: rebateHouse('receivable', currency), amount: repaid, type: 'rebate_repaid' });
  const posted = await postMovement(tx, ctx, {
    key: `rebate:release:${line.id}`,
    kind: 'rebate_release',
    accountId: agent,
    reference: line.id,
    legs,
    actor: AGENT_JOB,
  });
  await tx
    .update(agentCommissions)
    .set({ status: 'available', releasedAt: ctx.now(), releaseTransactionId: posted.transactionId })
    .where(eq(agentCommissions.id, line.id));
  return true;
}
