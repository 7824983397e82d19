/**
 * The forecasts waiting for a reviewer (submitted or resubmitted), oldest first — the order a
 * reviewer works in — with the customer's e-mail. Read by the demo sandbox's review page; a back
 * office would read the same.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { ForecastView } from '../../../contract/finance';
import type { AppContext } from '../../context';
import { accounts, topupForecasts } from '../../db/schema';
import { OPEN_STATUSES } from './forecast-state';
import { forecastView } from './forecast-view';

export interface ReviewItem extends ForecastView {
  accountId: string;
  email: string;
}

export async function listReviewQueue(ctx: AppContext, limit = 200): Promise<ReviewItem[]> {
  const rows = await ctx.database.db
    .select({ forecast: topupForecasts, email: accounts.email })
    .from(topupForecasts)
    .innerJoin(accounts, eq(accounts.id, topupForecasts.accountId))
    .where(inArray(topupForecasts.status, [...OPEN_STATUSES]))
    .orderBy(asc(topupForecasts.updatedAt), asc(topupForecasts.id))
    .limit(limit);
  return rows.map(({ forecast, email }) => ({
    ...forecastView(forecast),
    accountId: forecast.accountId,
    email,
  }));
}
