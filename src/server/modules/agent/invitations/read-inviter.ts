/**
 * GET /api/agent/inviter: who an invitation code belongs to, masked, for the sign-up page. Public,
 * so each source address may look up INVITER_LOOKUPS codes in 15 minutes, claimed before the look-up
 * (lib/limit-claim.ts; 429 past it): codes cannot be enumerated (issue 29 §13). A newcomer opens
 * one link, perhaps retypes the code a few times.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { claimOrRefuse } from '../../../lib/limit-claim';
import { maskEmail } from '../masks';

export const INVITER_LOOKUPS = 20;
const WINDOW_MS = 15 * 60_000;

export async function readInviter(
  ctx: AppContext,
  code: string,
  ip: string,
): Promise<{ emailMasked: string }> {
  const limit = { subject: `inviter-lookup:${ip}`, limit: INVITER_LOOKUPS, windowMs: WINDOW_MS };
  await claimOrRefuse(ctx.database.db, [limit], ctx.now());
  const [inviter] = await ctx.database.db
    .select({ email: accounts.email, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.inviteCode, code));
  if (!inviter || inviter.status !== 'active')
    throw fail.rule('server:auth.inviteUnknown', {}, { fields: ['code'] });
  return { emailMasked: maskEmail(inviter.email) };
}
