/**
 * `topup/bankTransfer`: a customer announces a USD transfer (status `submitted`). The wallet is
 * credited later, when a reviewer approves it (review-forecast.ts).
 *
 * Idempotent by the request's `Idempotency-Key`: the key is stored on the forecast (unique per
 * account), so the same key with the same fields answers the forecast it made, with other fields
 * a 409; two requests racing with one key are serialised by an advisory lock on the key.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ForecastView } from '../../../contract/finance';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { forecastEvents, topupForecasts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { ForecastFields } from './forecast-rules';
import { checkForecastFields, requireBusinessAccount, sameFields, storedFields } from './forecast-rules';
import { INITIAL_STATUS } from './forecast-state';
import { forecastView } from './forecast-view';

export async function createForecast(
  ctx: AppContext,
  accountId: string,
  fields: ForecastFields,
  idempotencyKey: string | null,
): Promise<ForecastView> {
  return inTransaction(ctx.database.db, async (tx) => {
    await requireBusinessAccount(tx, accountId, ctx.now());
    if (idempotencyKey !== null) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`forecast-key:${accountId}:${idempotencyKey}`}, 0))`,
      );
      const [earlier] = await tx
        .select()
        .from(topupForecasts)
        .where(
          and(eq(topupForecasts.accountId, accountId), eq(topupForecasts.idempotencyKey, idempotencyKey)),
        );
      if (earlier) {
        if (!sameFields(earlier, fields)) throw fail.conflict('server:idempotency.keyReused');
        return forecastView(earlier);
      }
    }
    await checkForecastFields(tx, ctx, accountId, fields, null);
    const now = ctx.now();
    const [row] = await tx
      .insert(topupForecasts)
      .values({
        id: newId(),
        accountId,
        currency: 'USD',
        status: INITIAL_STATUS,
        ...storedFields(fields),
        idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('forecast insert returned nothing');
    await tx.insert(forecastEvents).values({
      id: newId(),
      forecastId: row.id,
      fromStatus: null,
      toStatus: INITIAL_STATUS,
      actor: 'customer',
      note: null,
      createdAt: now,
    });
    return forecastView(row);
  });
}
