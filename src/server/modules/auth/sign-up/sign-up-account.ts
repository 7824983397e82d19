/**
 * POST /api/user/signup: a new main account (CNY and USD wallets at zero) for an address that proved
 * it receives mail. A given invitation code must belong to an account; it becomes invitedBy.
 */
import { eq } from 'drizzle-orm';
import type { signup } from '@contract/auth';
import type { ParsedRequestOf } from '@contract/core';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { consumeMailCode } from '../../../lib/mail-codes';
import { createAccount } from '../../account/create-account';
import { checkInvitation } from '../../agent/invitations/invitation-rules';

export async function signUpAccount(
  ctx: AppContext,
  input: ParsedRequestOf<typeof signup>,
  lang: Lang,
): Promise<{ userId: string }> {
  // The invitation is checked before the code is spent, so a mistyped one costs no new mail.
  const invitedBy = input.inviteCode ? await inviterOf(ctx, input.inviteCode, input.email) : null;
  await consumeMailCode(ctx, input.email, 'signup', input.code);
  // A second sign-up of the same address fails here with 409 (the unique index decides, even in a race).
  const { id } = await createAccount(ctx, { email: input.email, password: input.password, invitedBy, lang });
  return { userId: id };
}

async function inviterOf(ctx: AppContext, inviteCode: string, email: string): Promise<string> {
  const [inviter] = await ctx.database.db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.inviteCode, inviteCode))
    .limit(1);
  if (!inviter) throw fail.rule('server:auth.inviteUnknown', {}, { fields: ['inviteCode'] });
  // No self-invitation, none inside one organisation (agent/invitations/invitation-rules.ts).
  checkInvitation(inviter.email, email);
  return inviter.id;
}
