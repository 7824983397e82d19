/** GET /api/agent/bankCardList: the caller's saved bank cards, newest first, masked. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { BankCardView } from '@contract/agent';
import type { AppContext } from '../../../context';
import { agentBankCards } from '../../../db/schema';
import { bankCardView } from './bank-card-view';

export async function listBankCards(ctx: AppContext, accountId: string): Promise<BankCardView[]> {
  const rows = await ctx.database.db
    .select()
    .from(agentBankCards)
    .where(and(eq(agentBankCards.accountId, accountId), isNull(agentBankCards.removedAt)))
    .orderBy(desc(agentBankCards.createdAt));
  return rows.map(bankCardView);
}
