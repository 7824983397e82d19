/** `topup/cancel`: the customer withdraws a forecast that is still waiting for review. */
import type { ForecastView } from '../../../contract/finance';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { forecastView } from './forecast-view';
import { applyTransition, lockForecast } from './transition';

export async function revokeForecast(ctx: AppContext, accountId: string, id: string): Promise<ForecastView> {
  return inTransaction(ctx.database.db, async (tx) => {
    const row = await lockForecast(tx, id, accountId);
    return forecastView(await applyTransition(tx, ctx, row, { action: 'revoke', actor: 'customer' }));
  });
}
