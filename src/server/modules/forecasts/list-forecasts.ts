/** `topup/page` (financeAudit): the caller's forecasts, newest first, optionally of one status. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { ForecastStatus, ForecastView } from '../../../contract/finance';
import type { AppContext } from '../../context';
import { topupForecasts } from '../../db/schema';
import { forecastView } from './forecast-view';

export interface ForecastPageQuery {
  pageNo: number;
  pageSize: number;
  status?: ForecastStatus | undefined;
}

export async function listForecasts(
  ctx: AppContext,
  accountId: string,
  query: ForecastPageQuery,
): Promise<{ data: ForecastView[]; total: number; pageNo: number; pageSize: number }> {
  const where = and(
    eq(topupForecasts.accountId, accountId),
    query.status ? eq(topupForecasts.status, query.status) : undefined,
  );
  const db = ctx.database.db;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(topupForecasts)
      .where(where)
      // The id breaks ties between forecasts made in the same millisecond, so pages never overlap.
      .orderBy(desc(topupForecasts.createdAt), desc(topupForecasts.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(topupForecasts).where(where),
  ]);
  return {
    data: rows.map(forecastView),
    total: totals[0]?.n ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
