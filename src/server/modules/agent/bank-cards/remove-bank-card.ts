/**
 * POST /api/agent/removeBankCardNo: forgets a saved bank card. The row stays (marked removed, its
 * sealed number kept) because requested withdrawals name it; it is no longer listed or usable.
 * Another account's card answers the same as an unknown one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { agentBankCards } from '../../../db/schema';
import { fail } from '../../../lib/errors';

export async function removeBankCard(ctx: AppContext, accountId: string, id: string): Promise<null> {
  const removed = await ctx.database.db
    .update(agentBankCards)
    .set({ removedAt: ctx.now() })
    .where(
      and(
        eq(agentBankCards.id, id),
        eq(agentBankCards.accountId, accountId),
        isNull(agentBankCards.removedAt),
      ),
    )
    .returning({ id: agentBankCards.id });
  if (removed.length === 0) throw fail.rule('server:agent.bankCardUnknown', {}, { fields: ['id'] });
  return null;
}
