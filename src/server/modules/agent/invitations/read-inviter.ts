/** GET /api/agent/inviter: who an invitation code belongs to, masked, for the sign-up page. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { maskEmail } from '../masks';

export async function readInviter(ctx: AppContext, code: string): Promise<{ emailMasked: string }> {
  const [inviter] = await ctx.database.db
    .select({ email: accounts.email, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.inviteCode, code));
  if (!inviter || inviter.status !== 'active')
    throw fail.rule('server:auth.inviteUnknown', {}, { fields: ['code'] });
  return { emailMasked: maskEmail(inviter.email) };
}
