/**
 * The reviewer's decision on a forecast waiting for review: the one operation a back office (and
 * the demo sandbox's review page) calls.
 *
 * Approving credits the customer's USD wallet in the same transaction as the state change, through
 * the ledger with the key `forecast:<id>`: the money comes from the house clearing account of bank
 * transfers (which mirrors money received from outside) without fee. The forecast row is locked
 * first, so of two concurrent approvals one wins and the other meets `approved` (409); the ledger
 * key would refuse a second credit even without the lock.
 */
import type { ForecastView } from '../../../contract/finance';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { fail } from '../../lib/errors';
import type { Actor } from '../ledger';
import { postMovement } from '../ledger';
import { forecastView } from './forecast-view';
import { applyTransition, lockForecast, requireTransition } from './transition';

export const REJECT_REASON_MAX = 500;

export type ReviewDecision =
  { action: 'approve'; note?: string | null } | { action: 'reject'; reason: string };

export async function reviewForecast(
  ctx: AppContext,
  id: string,
  decision: ReviewDecision,
  reviewer: Actor,
  /** Runs in the decision's transaction with the result (the operator console's audit entry). */
  alongside?: (tx: Tx, before: ForecastView, after: ForecastView) => Promise<void>,
): Promise<ForecastView> {
  const reason = decision.action === 'reject' ? decision.reason.trim() : null;
  if (reason !== null) {
    if (reason === '') throw fail.rule('server:forecasts.reasonRequired');
    if (reason.length > REJECT_REASON_MAX)
      throw fail.rule('server:forecasts.reasonTooLong', { max: REJECT_REASON_MAX });
  }
  return inTransaction(ctx.database.db, async (tx) => {
    const row = await lockForecast(tx, id, null);
    if (decision.action === 'reject') {
      const rejected = await applyTransition(tx, ctx, row, {
        action: 'reject',
        actor: 'reviewer',
        note: reason,
        patch: { rejectReason: reason },
      });
      await alongside?.(tx, forecastView(row), forecastView(rejected));
      return forecastView(rejected);
    }
    requireTransition(row, 'approve');
    const posted = await postMovement(tx, ctx, {
      key: `forecast:${row.id}`,
      kind: 'transfer_in',
      accountId: row.accountId,
      reference: row.id,
      legs: [
        {
          account: { house: { kind: 'clearing', name: 'bank_transfer', currency: 'USD' } },
          amount: -row.amount,
          type: 'bank_transfer',
        },
        {
          account: { wallet: { accountId: row.accountId, currency: 'USD' } },
          amount: row.amount,
          type: 'transfer_in',
          // Neutral text: the flow page names the type (transfer in) in the reader's language.
          description: row.bankTxnNo,
        },
      ],
      actor: reviewer,
    });
    const approved = await applyTransition(tx, ctx, row, {
      action: 'approve',
      actor: 'reviewer',
      note: decision.note?.trim() || null,
      patch: { ledgerTransactionId: posted.transactionId },
    });
    await alongside?.(tx, forecastView(row), forecastView(approved));
    return forecastView(approved);
  });
}
