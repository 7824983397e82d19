/** The bank withdrawals waiting for the payout provider, oldest first (the sandbox desk's queue). */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts, agentWithdrawals } from '../../../db/schema';
import { maskEmail } from '../masks';

export interface PayoutItem {
  id: string;
  email: string;
  currency: string;
  amount: number;
  fee: number;
  net: number;
  bankName: string | null;
  cardMasked: string | null;
  createdAt: string;
}

export async function listPayoutQueue(ctx: AppContext, limit = 100): Promise<PayoutItem[]> {
  const rows = await ctx.database.db
    .select({ w: agentWithdrawals, email: accounts.email })
    .from(agentWithdrawals)
    .innerJoin(accounts, eq(accounts.id, agentWithdrawals.accountId))
    .where(eq(agentWithdrawals.status, 'requested'))
    .orderBy(asc(agentWithdrawals.createdAt))
    .limit(limit);
  return rows.map(({ w, email }) => ({
    id: w.id,
    email: maskEmail(email),
    currency: w.currency,
    amount: w.amount,
    fee: w.fee,
    net: w.net,
    bankName: w.bankName,
    cardMasked: w.cardMasked,
    createdAt: w.createdAt.toISOString(),
  }));
}
