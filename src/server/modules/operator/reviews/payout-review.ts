/**
 * Payout review in the console, only when no payout gateway is configured (with one, the gateway
 * settles and these calls answer 404): the same `settlePayout` the sandbox desk calls, audited in
 * the settlement's transaction.
 */
import type { PayoutReviewItem } from '../../../../contract/operator';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { listPayoutQueue } from '../../agent/payouts/list-payout-queue';
import { settlePayout } from '../../agent/payouts/settle-payout';
import { writeOperatorAudit } from '../audit/write-operator-audit';
import type { OperatorActor } from '../operator-session';

export const payoutDeskOpen = (ctx: AppContext) => !ctx.env.PAYOUT_API_URL;

function requireDesk(ctx: AppContext): void {
  if (!payoutDeskOpen(ctx)) throw new AppError(404, 'server:errors.notFound');
}

export async function payoutQueueView(ctx: AppContext): Promise<PayoutReviewItem[]> {
  requireDesk(ctx);
  return listPayoutQueue(ctx);
}

export async function decidePayout(
  ctx: AppContext,
  input: { id: string; action: 'pay' } | { id: string; action: 'fail'; reason: string },
  actor: OperatorActor,
) {
  requireDesk(ctx);
  const outcome =
    input.action === 'pay'
      ? { status: 'paid' as const }
      : { status: 'failed' as const, reason: input.reason };
  const view = await settlePayout(ctx, input.id, outcome, actor, (tx, before, after) =>
    writeOperatorAudit(tx, ctx, {
      actor,
      action: `payouts.${input.action}`,
      target: { kind: 'payout', id: input.id },
      before: { status: before.status },
      after: { status: after.status },
      reason: input.action === 'fail' ? input.reason : null,
    }),
  );
  return { id: input.id, status: view.status };
}
