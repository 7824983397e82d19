/** GET /api/agent/pageFlow: the caller's commission lines, newest first. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { CommissionStatus, CommissionView, FeeType } from '@contract/agent';
import type { CurrencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import { accounts, agentCommissions } from '../../../db/schema';
import { maskEmail } from '../masks';

export async function listCommissions(
  ctx: AppContext,
  agentId: string,
  query: { pageNo: number; pageSize: number; status?: CommissionStatus | undefined },
): Promise<{ data: CommissionView[]; total: number; pageNo: number; pageSize: number }> {
  const db = ctx.database.db;
  const where = and(
    eq(agentCommissions.agentAccountId, agentId),
    query.status ? eq(agentCommissions.status, query.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(agentCommissions).where(where);
  const rows = await db
    .select({ line: agentCommissions, email: accounts.email })
    .from(agentCommissions)
    .innerJoin(accounts, eq(accounts.id, agentCommissions.inviteeAccountId))
    .where(where)
    .orderBy(desc(agentCommissions.accruedAt), desc(agentCommissions.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    data: rows.map(({ line, email }) => ({
      id: line.id,
      inviteeEmailMasked: maskEmail(email),
      feeType: line.feeType as FeeType,
      sourceTxnNo: line.sourceTransactionId,
      currency: line.currency as CurrencyCode,
      feeAmount: line.feeAmount,
      rateBp: line.rateBp,
      amount: line.amount,
      status: line.status,
      accruedAt: line.accruedAt.toISOString(),
      availableAt: line.availableAt.toISOString(),
      releasedAt: line.releasedAt?.toISOString() ?? null,
      clawedBackAt: line.clawedBackAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
