/**
 * LoginLog: the account's sign-in attempts, newest first (rows are written by the auth module), each
 * with its device parsed (user-agent.ts) and the "new device" mark (new-device.ts).
 */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginLogEntry } from '../../../contract/logs';
import type { AppContext } from '../../context';
import { loginLogs } from '../../db/schema';
import type { LogPage, LogQuery } from './log-page';
import { newestFirst, offsetOf, ownRows } from './log-page';
import { newDeviceIds } from './new-device';
import { deviceText, parseAgent } from './user-agent';

export type LoginLogEntry = z.infer<typeof loginLogEntry>;

export async function readLoginLog(
  ctx: AppContext,
  accountId: string,
  query: LogQuery,
): Promise<LogPage<LoginLogEntry>> {
  const db = ctx.database.db;
  const where = ownRows(loginLogs, accountId, query);
  const [rows, [counted], marked] = await Promise.all([
    db
      .select()
      .from(loginLogs)
      .where(where)
      .orderBy(...newestFirst(loginLogs))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(loginLogs).where(where),
    newDeviceIds(ctx, accountId),
  ]);
  return {
    data: rows.map((row) => {
      const agent = parseAgent(row.device);
      return {
        id: row.id,
        method: row.method,
        result: row.result,
        reason: row.reason,
        ip: row.ip,
        device: row.device,
        deviceText: deviceText(agent),
        agent,
        newDevice: marked.has(row.id),
        createdAt: row.createdAt.toISOString(),
      };
    }),
    total: counted?.total ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
