/** operateLog: the account's state-changing calls, newest first (rows are written by lib/route.ts). */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { operateLogEntry } from '../../../contract/logs';
import type { AppContext } from '../../context';
import { operationLogs } from '../../db/schema';
import type { LogPage, LogQuery } from './log-page';
import { newestFirst, offsetOf, ownRows } from './log-page';

export type OperateLogEntry = z.infer<typeof operateLogEntry>;

export async function readOperateLog(
  ctx: AppContext,
  accountId: string,
  query: LogQuery,
): Promise<LogPage<OperateLogEntry>> {
  const db = ctx.database.db;
  const where = ownRows(operationLogs, accountId, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(operationLogs)
      .where(where)
      .orderBy(...newestFirst(operationLogs))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(operationLogs).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      action: row.action,
      result: row.result,
      code: row.code,
      ip: row.ip,
      device: row.device,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
