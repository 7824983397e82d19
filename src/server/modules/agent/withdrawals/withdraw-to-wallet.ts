/**
 * POST /api/agent/withdrawalsToWallet: available commission into the agent's own wallet of the same
 * currency, at once and free. The mail code is checked by the route before this runs and spent in
 * this transaction (the guard).
 */
import type { AgentCurrency, WithdrawalView } from '@contract/agent';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { agentWithdrawals } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import type { Actor } from '../../ledger';
import { postMovement } from '../../ledger';
import { rebateHouse } from '../agent-ledger';
import { WITHDRAWAL_RULES } from '../agent-rules';
import { takeAvailable } from './take-available';
import { earlierWithdrawal } from './withdrawal-keys';
import { withdrawalView } from './withdrawal-view';

export interface WithdrawalInput {
  currency: AgentCurrency;
  amount: number;
}

/** Refuses an amount outside [minimum, maximum] with both limits in the message. */
export function checkLimits(
  currency: AgentCurrency,
  amount: number,
  limits: { minimum: number; maximum: number },
) {
  if (amount < limits.minimum || amount > limits.maximum)
    throw fail.rule(
      'server:agent.amountOutOfRange',
      { min: (limits.minimum / 100).toFixed(2), max: (limits.maximum / 100).toFixed(2), currency },
      { fields: ['amount'] },
    );
}

export async function withdrawToWallet(
  ctx: AppContext,
  accountId: string,
  input: WithdrawalInput,
  idempotencyKey: string | null,
  actor: Actor,
  /** Runs in the withdrawal's transaction (the route spends the mail code): a refusal rolls it back. */
  guard?: (tx: Tx) => Promise<void>,
): Promise<WithdrawalView> {
  const { currency, amount } = input;
  checkLimits(currency, amount, WITHDRAWAL_RULES[currency].wallet);
  return inTransaction(ctx.database.db, async (tx) => {
    const earlier = await earlierWithdrawal(
      tx,
      accountId,
      idempotencyKey,
      (row) => row.target === 'wallet' && row.currency === currency && row.amount === amount,
    );
    if (earlier) return withdrawalView(earlier);
    await guard?.(tx);
    await takeAvailable(tx, accountId, currency, amount, { withdrawn: amount });
    const id = newId();
    const posted = await postMovement(tx, ctx, {
      key: `rebate:withdraw:${id}`,
      kind: 'rebate_withdraw',
      accountId,
      reference: id,
      legs: [
        { account: rebateHouse('available', currency), amount: -amount, type: 'rebate_withdraw' },
        {
          account: { wallet: { accountId, currency } },
          amount,
          type: 'rebate',
          description: 'Commission withdrawal',
        },
      ],
      actor,
    });
    const now = ctx.now();
    const [row] = await tx
      .insert(agentWithdrawals)
      .values({
        id,
        accountId,
        target: 'wallet',
        currency,
        amount,
        fee: 0,
        net: amount,
        status: 'paid',
        idempotencyKey,
        requestTransactionId: posted.transactionId,
        settleTransactionId: posted.transactionId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return withdrawalView(row!);
  });
}
