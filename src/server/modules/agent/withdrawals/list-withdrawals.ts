/** GET /api/agent/pageWithdrawal: the caller's withdrawals, newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { WithdrawalView } from '@contract/agent';
import type { AppContext } from '../../../context';
import { agentWithdrawals } from '../../../db/schema';
import { withdrawalView } from './withdrawal-view';

export async function listWithdrawals(
  ctx: AppContext,
  accountId: string,
  query: { pageNo: number; pageSize: number },
): Promise<{ data: WithdrawalView[]; total: number; pageNo: number; pageSize: number }> {
  const db = ctx.database.db;
  const mine = eq(agentWithdrawals.accountId, accountId);
  const [total] = await db.select({ n: count() }).from(agentWithdrawals).where(mine);
  const rows = await db
    .select()
    .from(agentWithdrawals)
    .where(mine)
    .orderBy(desc(agentWithdrawals.createdAt), desc(agentWithdrawals.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    data: rows.map(withdrawalView),
    total: total?.n ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
