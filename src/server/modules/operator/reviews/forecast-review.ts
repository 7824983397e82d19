/**
 * Forecast review in the console: the same `reviewForecast` the sandbox desk calls, with the audit
 * entry written in the decision's transaction (before and after: the forecast's view).
 */
import { eq } from 'drizzle-orm';
import type { ForecastView } from '../../../../contract/finance';
import type { AppContext } from '../../../context';
import { topupForecasts } from '../../../db/schema';
import { AppError, fail } from '../../../lib/errors';
import { fileResponse, readFile } from '../../files/read-file';
import { reviewForecast } from '../../forecasts/review-forecast';
import { writeOperatorAudit } from '../audit/write-operator-audit';
import type { OperatorActor } from '../operator-session';

export function decideForecast(
  ctx: AppContext,
  input: { id: string; action: 'approve' } | { id: string; action: 'reject'; reason: string },
  actor: OperatorActor,
): Promise<ForecastView> {
  const decision =
    input.action === 'approve'
      ? { action: 'approve' as const }
      : { action: 'reject' as const, reason: input.reason };
  return reviewForecast(ctx, input.id, decision, actor, (tx, before, after) =>
    writeOperatorAudit(tx, ctx, {
      actor,
      action: `forecasts.${input.action}`,
      target: { kind: 'forecast', id: input.id },
      before: { status: before.status, amount: before.amount, currency: before.currency },
      after: { status: after.status, amount: after.amount, currency: after.currency },
      reason: input.action === 'reject' ? input.reason : null,
    }),
  );
}

export async function forecastProofResponse(ctx: AppContext, id: string): Promise<Response> {
  const [row] = await ctx.database.db
    .select({ proofFileId: topupForecasts.proofFileId })
    .from(topupForecasts)
    .where(eq(topupForecasts.id, id));
  if (!row) throw fail.rule('server:forecasts.notFound');
  try {
    return fileResponse(await readFile(ctx, row.proofFileId, null));
  } catch (error) {
    if (error instanceof AppError) throw fail.rule('server:forecasts.notFound');
    throw error;
  }
}
