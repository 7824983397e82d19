/** A withdrawal row as the agent sees it. */
import type { WithdrawalView } from '@contract/agent';
import type { CurrencyCode } from '@contract/core';
import type { agentWithdrawals } from '../../../db/schema';

export function withdrawalView(row: typeof agentWithdrawals.$inferSelect): WithdrawalView {
  return {
    id: row.id,
    target: row.target,
    currency: row.currency as CurrencyCode,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    status: row.status,
    bankName: row.bankName,
    cardMasked: row.cardMasked,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
