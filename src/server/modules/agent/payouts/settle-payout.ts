/**
 * The payout provider's answer to a bank withdrawal (the sandbox desk in demo mode): `paid` sends
 * the money out of `payouts` to the payout clearing account; `failed` reverses the request, so the
 * whole amount, fee included, is available again. A withdrawal is settled once; the same answer
 * again is a no-op, the other answer a 409.
 */
import { eq } from 'drizzle-orm';
import type { WithdrawalView } from '@contract/agent';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { agentWithdrawals } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Actor } from '../../ledger';
import { postMovement, reverseMovement } from '../../ledger';
import { changeBalance, lockBalance, rebateHouse } from '../agent-ledger';
import { withdrawalView } from '../withdrawals/withdrawal-view';

export type PayoutOutcome = { status: 'paid' } | { status: 'failed'; reason: string };

export const FAILURE_REASON_MAX = 200;

export async function settlePayout(
  ctx: AppContext,
  withdrawalId: string,
  outcome: PayoutOutcome,
  actor: Actor,
  /** Runs in the settlement's transaction (the operator console's audit entry). */
  alongside?: (tx: Tx, before: WithdrawalView, after: WithdrawalView) => Promise<void>,
): Promise<WithdrawalView> {
  return inTransaction(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(agentWithdrawals)
      .where(eq(agentWithdrawals.id, withdrawalId))
      .for('update');
    if (!row || row.target !== 'bank_card') throw fail.rule('server:agent.withdrawalUnknown');
    if (row.status !== 'requested') {
      if (row.status === outcome.status) return withdrawalView(row);
      throw fail.conflict('server:agent.payoutSettled');
    }
    const { accountId, currency, amount, fee, net } = row;
    await lockBalance(tx, accountId, currency);
    let settleTransactionId: string;
    if (outcome.status === 'paid') {
      // The fee was counted in `fees` at the request; what reached the bank is the net.
      await changeBalance(tx, accountId, currency, { inPayout: -net, withdrawn: net });
      const posted = await postMovement(tx, ctx, {
        key: `rebate:payout:${row.id}`,
        kind: 'rebate_payout',
        accountId,
        reference: row.id,
        legs: [
          { account: rebateHouse('payouts', currency), amount: -net, type: 'rebate_payout' },
          {
            account: { house: { kind: 'clearing', name: 'payouts', currency } },
            amount: net,
            type: 'rebate_payout',
          },
        ],
        actor,
      });
      settleTransactionId = posted.transactionId;
    } else {
      await changeBalance(tx, accountId, currency, { inPayout: -net, fees: -fee, available: amount });
      const posted = await reverseMovement(tx, ctx, {
        transactionId: row.requestTransactionId,
        key: `rebate:payout-failed:${row.id}`,
        description: 'Commission payout failed',
        actor,
      });
      settleTransactionId = posted.transactionId;
    }
    const [updated] = await tx
      .update(agentWithdrawals)
      .set({
        status: outcome.status,
        failureReason: outcome.status === 'failed' ? outcome.reason.slice(0, FAILURE_REASON_MAX) : null,
        settleTransactionId,
        updatedAt: ctx.now(),
      })
      .where(eq(agentWithdrawals.id, row.id))
      .returning();
    await alongside?.(tx, withdrawalView(row), withdrawalView(updated!));
    return withdrawalView(updated!);
  });
}
