/** GET /api/agent/info: the agent card and figures of the caller. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AgentInfoView, FeeType } from '@contract/agent';
import { feeType } from '@contract/agent';
import type { CurrencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import { accounts, agentBalances, agentCommissions } from '../../../db/schema';
import { COMMISSION_BP, HOLD_DAYS } from '../agent-rules';

export async function readAgentInfo(ctx: AppContext, accountId: string): Promise<AgentInfoView> {
  const db = ctx.database.db;
  const [account] = await db
    .select({ code: accounts.inviteCode })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('authenticated account not found');
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.invitedBy, accountId));
  const balances = await db
    .select({
      currency: agentBalances.currency,
      pending: agentBalances.pending,
      available: agentBalances.available,
      inPayout: agentBalances.inPayout,
      withdrawn: agentBalances.withdrawn,
      fees: agentBalances.fees,
      owed: agentBalances.owed,
      earned: agentBalances.earned,
    })
    .from(agentBalances)
    .where(eq(agentBalances.accountId, accountId))
    .orderBy(asc(agentBalances.currency));
  const [next] = await db
    .select({ at: agentCommissions.availableAt })
    .from(agentCommissions)
    .where(and(eq(agentCommissions.agentAccountId, accountId), eq(agentCommissions.status, 'pending')))
    .orderBy(asc(agentCommissions.availableAt))
    .limit(1);
  return {
    code: account.code,
    inviteeCount: count?.n ?? 0,
    balances: balances.map((b) => ({ ...b, currency: b.currency as CurrencyCode })),
    holdDays: HOLD_DAYS,
    rates: Object.entries(COMMISSION_BP).flatMap(([planCode, rates]) =>
      feeType.options.map((type: FeeType) => ({ planCode, feeType: type, rateBp: rates[type] })),
    ),
    nextReleaseAt: next?.at.toISOString() ?? null,
  };
}
