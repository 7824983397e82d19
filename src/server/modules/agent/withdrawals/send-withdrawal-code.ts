/** GET /api/agent/getCode: mails the code that confirms a commission withdrawal. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import { sendMailCode } from '../../../lib/mail-codes';

export async function sendWithdrawalCode(
  ctx: AppContext,
  accountId: string,
  lang: Lang,
): Promise<{ expiresIn: number; resendIn: number }> {
  const [account] = await ctx.database.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('authenticated account not found');
  // Its own purpose: a sign-in or top-up code cannot confirm a withdrawal.
  return sendMailCode(ctx, account.email, 'agent_withdraw', lang);
}
