/**
 * unbindGoogleCode: remove Google Authenticator. Needs a `google_unbind` step-up ticket; for an
 * account with Google bound the step-up is a Google code, so the ticket is the proof (a code given
 * beside a ticket bought otherwise is checked too). Every other session ends and the address is told:
 * unbinding weakens the account, so a thief must not keep a session through it.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import type { MainPrincipal } from '../../../lib/principal';
import type { Call } from '../../../lib/route';
import { revokeAccountSessions } from '../../../lib/session';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';
import { consumeGoogleCode } from '../../../lib/totp';
import { loadAccount } from '../load-account';
import { tellAccount } from '../tell-account';

export async function unbindGoogle(
  ctx: AppContext,
  call: Call,
  principal: MainPrincipal,
  input: { googleCode?: string | undefined; stepUpTicket?: string | undefined },
  lang: Lang,
): Promise<void> {
  const account = await loadAccount(ctx, principal.accountId);
  if (!account.googleSecret) throw fail.rule('server:account.googleNotBound');
  const { method } = await requireLiveStepUp(ctx.database.db, call, 'google_unbind', input.stepUpTicket);
  if (method !== 'google') {
    if (!input.googleCode) throw fail.rule('server:account.googleCodeInvalid');
    await consumeGoogleCode(ctx, principal.accountId, input.googleCode);
  }
  await inTransaction(ctx.database.db, async (tx) => {
    await consumeStepUp(tx, call, 'google_unbind', input.stepUpTicket);
    await tx
      .update(accounts)
      .set({ googleSecret: null, googlePendingSecret: null, googleLastStep: null, updatedAt: ctx.now() })
      .where(eq(accounts.id, principal.accountId));
    await revokeAccountSessions(ctx, tx, principal.accountId, 'google-unbound', principal.sessionId);
  });
  await tellAccount(ctx, account.email, 'googleUnbound', lang);
}
