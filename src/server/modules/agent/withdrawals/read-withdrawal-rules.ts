/** GET /api/agent/withdrawalsInfo: the limits and fees of each withdrawal currency, with what is available. */
import { eq } from 'drizzle-orm';
import type { WithdrawalRule } from '@contract/agent';
import { agentCurrency } from '@contract/agent';
import type { AppContext } from '../../../context';
import { agentBalances } from '../../../db/schema';
import { WITHDRAWAL_RULES } from '../agent-rules';

export async function readWithdrawalRules(ctx: AppContext, accountId: string): Promise<WithdrawalRule[]> {
  const rows = await ctx.database.db
    .select({ currency: agentBalances.currency, available: agentBalances.available })
    .from(agentBalances)
    .where(eq(agentBalances.accountId, accountId));
  return agentCurrency.options.map((currency) => ({
    ...WITHDRAWAL_RULES[currency],
    available: rows.find((r) => r.currency === currency)?.available ?? 0,
  }));
}
