/**
 * The accrual job: turns each row of the fee outbox (`agent_fee_events`, written by a trigger in the
 * same transaction as the fee) into a commission line or a clawback, exactly once. Each event is
 * claimed with `FOR UPDATE SKIP LOCKED` and marked processed in the transaction that moves its
 * money, so several server processes can run the job at once without doing any event twice; the
 * ledger keys (`rebate:accrue:<event>`, `rebate:clawback:<commission>`) would refuse a second
 * movement even if that failed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FeeType } from '@contract/agent';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { accounts, agentCommissions, agentFeeEvents } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import type { Leg } from '../../ledger';
import { postMovement } from '../../ledger';
import { AGENT_JOB, changeBalance, lockBalance, rebateHouse } from '../agent-ledger';
import { commissionOf, commissionRate, HOLD_MS } from '../agent-rules';

type FeeEvent = typeof agentFeeEvents.$inferSelect;
export type EventOutcome = 'accrued' | 'clawed_back' | 'nothing' | null;

/** Processes up to `limit` events; answers how many of each outcome. */
export async function accrueFees(ctx: AppContext, limit = 200): Promise<Record<string, number>> {
  const counts: Record<string, number> = { accrued: 0, clawed_back: 0, nothing: 0 };
  for (let i = 0; i < limit; i++) {
    const outcome = await inTransaction(ctx.database.db, (tx) => processNextEvent(tx, ctx));
    if (outcome === null) break;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

async function processNextEvent(tx: Tx, ctx: AppContext): Promise<EventOutcome> {
  const [event] = await tx
    .select()
    .from(agentFeeEvents)
    .where(isNull(agentFeeEvents.processedAt))
    .orderBy(agentFeeEvents.id)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!event) return null;
  const outcome = event.kind === 'fee' ? await accrue(tx, ctx, event) : await clawBack(tx, ctx, event);
  await tx.update(agentFeeEvents).set({ processedAt: ctx.now() }).where(eq(agentFeeEvents.id, event.id));
  return outcome;
}

async function accrue(tx: Tx, ctx: AppContext, event: FeeEvent): Promise<EventOutcome> {
  const [invitee] = await tx
    .select({ planCode: accounts.planCode })
    .from(accounts)
    .where(eq(accounts.id, event.inviteeAccountId));
  const planCode = invitee?.planCode ?? 'standard';
  const rateBp = commissionRate(planCode, event.feeType as FeeType);
  const amount = commissionOf(event.amount, rateBp);
  if (amount <= 0) return 'nothing';
  const { agentAccountId: agent, currency } = event;
  await lockBalance(tx, agent, currency);
  await changeBalance(tx, agent, currency, { pending: amount, earned: amount });
  const posted = await postMovement(tx, ctx, {
    key: `rebate:accrue:${event.id}`,
    kind: 'rebate_accrue',
    accountId: agent,
    reference: event.sourceTransactionId,
    legs: [
      { account: rebateHouse('expense', currency), amount: -amount, type: 'rebate_accrue' },
      { account: rebateHouse('pending', currency), amount, type: 'rebate_accrue' },
    ],
    actor: AGENT_JOB,
  });
  await tx.insert(agentCommissions).values({
    id: newId(),
    agentAccountId: agent,
    inviteeAccountId: event.inviteeAccountId,
    eventId: event.id,
    sourceTransactionId: event.sourceTransactionId,
    feeType: event.feeType,
    planCode,
    currency,
    feeAmount: event.amount,
    rateBp,
    amount,
    status: 'pending',
    // The holding period runs from the fee, not from when the job saw it.
    accruedAt: event.createdAt,
    availableAt: new Date(event.createdAt.getTime() + HOLD_MS),
    accrualTransactionId: posted.transactionId,
  });
  return 'accrued';
}

/**
 * A refunded fee takes its commission back: from pending if it is still held; from available if it
 * was released; and what the agent already withdrew becomes owed, netted from their next releases
 * (ledger: the `receivable` house account).
 */
async function clawBack(tx: Tx, ctx: AppContext, event: FeeEvent): Promise<EventOutcome> {
  // Another process may be accruing the fee this refund reverses right now (SKIP LOCKED let this one
  // pass it by): waiting on the fee's own event row makes the commission line visible first.
  await tx
    .select({ id: agentFeeEvents.id })
    .from(agentFeeEvents)
    .where(
      and(
        eq(agentFeeEvents.kind, 'fee'),
        eq(agentFeeEvents.sourceTransactionId, event.sourceTransactionId),
        eq(agentFeeEvents.feeType, event.feeType),
      ),
    )
    .for('update');
  const [line] = await tx
    .select()
    .from(agentCommissions)
    .where(
      and(
        eq(agentCommissions.sourceTransactionId, event.sourceTransactionId),
        eq(agentCommissions.feeType, event.feeType),
      ),
    )
    .for('update');
  if (!line || line.status === 'clawed_back') return 'nothing';
  const { agentAccountId: agent, currency, amount } = line;
  const balance = await lockBalance(tx, agent, currency);
  const legs: Leg[] = [{ account: rebateHouse('expense', currency), amount, type: 'rebate_clawback' }];
  if (line.status === 'pending') {
    await changeBalance(tx, agent, currency, { pending: -amount, earned: -amount });
    legs.push({ account: rebateHouse('pending', currency), amount: -amount, type: 'rebate_clawback' });
  } else {
    const fromAvailable = Math.min(amount, balance.available);
    const owed = amount - fromAvailable;
    await changeBalance(tx, agent, currency, { available: -fromAvailable, owed, earned: -amount });
    if (fromAvailable > 0)
      legs.push({
        account: rebateHouse('available', currency),
        amount: -fromAvailable,
        type: 'rebate_clawback',
      });
    if (owed > 0)
      legs.push({ account: rebateHouse('receivable', currency), amount: -owed, type: 'rebate_clawback' });
  }
  const posted = await postMovement(tx, ctx, {
    key: `rebate:clawback:${line.id}`,
    kind: 'rebate_clawback',
    accountId: agent,
    reference: event.sourceTransactionId,
    legs,
    actor: AGENT_JOB,
  });
  await tx
    .update(agentCommissions)
    .set({ status: 'clawed_back', clawedBackAt: ctx.now(), clawbackTransactionId: posted.transactionId })
    .where(eq(agentCommissions.id, line.id));
  return 'clawed_back';
}

/** For tests and the info call: outbox rows not yet processed. */
export async function openFeeEvents(tx: Tx | AppContext['database']['db']): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(agentFeeEvents)
    .where(isNull(agentFeeEvents.processedAt));
  return row?.n ?? 0;
}
