/**
 * bindGoogleCode: a correct code of the pending secret proves the phone holds it; the secret then
 * becomes the bound one, and the proving code's step counts as used.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { matchStep } from '../../../lib/totp';
import { loadAccount } from '../load-account';

export async function bindGoogle(ctx: AppContext, accountId: string, code: string): Promise<void> {
  const account = await loadAccount(ctx, accountId);
  if (account.googleSecret) throw fail.rule('server:account.googleAlreadyBound');
  const pending = account.googlePendingSecret;
  if (!pending) throw fail.rule('server:account.googleNotOffered');
  const step = matchStep(ctx.box.open(pending), code, ctx.now());
  if (step === null) throw fail.rule('server:account.googleCodeInvalid');
  // Conditional on the very offer that was checked: a concurrent bind, or a newer offer made in
  // between, leaves nothing to update and this request loses.
  const bound = await ctx.database.db
    .update(accounts)
    .set({ googleSecret: pending, googlePendingSecret: null, googleLastStep: step, updatedAt: ctx.now() })
    .where(
      and(
        eq(accounts.id, accountId),
        isNull(accounts.googleSecret),
        eq(accounts.googlePendingSecret, pending),
      ),
    )
    .returning({ id: accounts.id });
  if (bound.length === 0) throw fail.rule('server:account.googleCodeInvalid');
}
