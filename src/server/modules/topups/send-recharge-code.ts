/** POST /api/account/recharge/getCode: mails the code that confirms a bank-card top-up. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { sendMailCode } from '../../lib/mail-codes';

export async function sendRechargeCode(ctx: AppContext, accountId: string, lang: Lang): Promise<void> {
  const [account] = await ctx.database.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('authenticated account not found');
  // Its own purpose: a sign-in or profile code cannot confirm a payment, nor the reverse.
  await sendMailCode(ctx, account.email, 'recharge', lang);
}
