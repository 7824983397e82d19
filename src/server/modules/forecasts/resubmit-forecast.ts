/**
 * `topup/submit`: the customer sends a rejected or revoked forecast again with corrected fields
 * (status `resubmitted`); the fields pass the same checks as a new forecast, and the old reject
 * reason is cleared.
 *
 * Idempotent by `Idempotency-Key`: the resubmit event's note records the key, so the same key
 * again answers the forecast as it is (other fields: 409) instead of failing as an illegal
 * "resubmitted -> resubmitted" move; a key is spent once per forecast.
 */
import { and, eq } from 'drizzle-orm';
import type { ForecastView } from '../../../contract/finance';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { forecastEvents } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { ForecastFields } from './forecast-rules';
import { checkForecastFields, requireBusinessAccount, sameFields, storedFields } from './forecast-rules';
import { forecastView } from './forecast-view';
import { applyTransition, lockForecast, requireTransition } from './transition';

export function resubmitNote(idempotencyKey: string): string {
  return `Idempotency-Key ${idempotencyKey}`;
}

export async function resubmitForecast(
  ctx: AppContext,
  accountId: string,
  id: string,
  fields: ForecastFields,
  idempotencyKey: string | null,
): Promise<ForecastView> {
  return inTransaction(ctx.database.db, async (tx) => {
    await requireBusinessAccount(tx, accountId, ctx.now());
    const row = await lockForecast(tx, id, accountId);
    if (idempotencyKey !== null) {
      const [spent] = await tx
        .select({ id: forecastEvents.id })
        .from(forecastEvents)
        .where(
          and(
            eq(forecastEvents.forecastId, row.id),
            eq(forecastEvents.toStatus, 'resubmitted'),
            eq(forecastEvents.note, resubmitNote(idempotencyKey)),
          ),
        )
        .limit(1);
      if (spent) {
        if (!sameFields(row, fields)) throw fail.conflict('server:idempotency.keyReused');
        return forecastView(row);
      }
    }
    // An illegal move is refused before the fields are looked at: the state is what is wrong.
    requireTransition(row, 'resubmit');
    await checkForecastFields(tx, ctx, accountId, fields, row.id);
    const updated = await applyTransition(tx, ctx, row, {
      action: 'resubmit',
      actor: 'customer',
      note: idempotencyKey === null ? null : resubmitNote(idempotencyKey),
      patch: { ...storedFields(fields), rejectReason: null },
    });
    return forecastView(updated);
  });
}
