/**
 * `/api/sub/self/profile`: a member changes its own name (the nickname the owner gave it at the
 * invitation). The sign-in address stays the owner's to change; the owner sees the new name on the
 * team page at once.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { subAccounts } from '../../db/schema';
import type { SubPrincipal } from '../../lib/principal';
import type { Call } from '../../lib/route';
import { subNotFound } from './sub-view';

export async function editOwnProfile(
  ctx: AppContext,
  call: Call,
  principal: SubPrincipal,
  input: { nickname: string },
): Promise<{ nickname: string }> {
  const [before] = await ctx.database.db
    .select({ nickname: subAccounts.nickname })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, principal.subAccountId), eq(subAccounts.accountId, principal.accountId)));
  if (!before) throw subNotFound();
  const [row] = await ctx.database.db
    .update(subAccounts)
    .set({ nickname: input.nickname, updatedAt: ctx.now() })
    .where(and(eq(subAccounts.id, principal.subAccountId), eq(subAccounts.accountId, principal.accountId)))
    .returning({ nickname: subAccounts.nickname });
  if (!row) throw subNotFound();
  call.auditDetail = { before: { nickname: before.nickname }, after: { nickname: row.nickname } };
  return { nickname: row.nickname };
}
