/** LoginLog: the account's sign-in attempts, newest first (rows are written by the auth module). */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginLogEntry } from '../../../contract/logs';
import type { AppContext } from '../../context';
import { loginLogs } from '../../db/schema';
import type { LogPage, LogQuery } from './log-page';
import { newestFirst, offsetOf, ownRows } from './log-page';

export type LoginLogEntry = z.infer<typeof loginLogEntry>;

export async function readLoginLog(
  ctx: AppContext,
  accountId: string,
  query: LogQuery,
): Promise<LogPage<LoginLogEntry>> {
  const db = ctx.database.db;
  const where = ownRows(loginLogs, accountId, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(loginLogs)
      .where(where)
      .orderBy(...newestFirst(loginLogs))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(loginLogs).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      method: row.method,
      result: row.result,
      reason: row.reason,
      ip: row.ip,
      device: row.device,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
