/**
 * updatePwdByGoogleCode: change the password when Google Authenticator is bound. The
 * `password_change` step-up of such an account is itself a Google code (lib/step-up.ts), so the
 * ticket is the proof; a code given beside a ticket bought by a password is checked too.
 */
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import type { MainPrincipal } from '../../../lib/principal';
import type { Call } from '../../../lib/route';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';
import { consumeGoogleCode } from '../../../lib/totp';
import { loadAccount } from '../load-account';
import { refuseSamePassword, replacePassword } from '../password/replace-password';
import { tellAccount } from '../tell-account';

export async function updatePasswordByGoogle(
  ctx: AppContext,
  call: Call,
  principal: MainPrincipal,
  input: { googleCode?: string | undefined; password: string; stepUpTicket?: string | undefined },
  lang: Lang,
): Promise<void> {
  const account = await loadAccount(ctx, principal.accountId);
  if (!account.googleSecret) throw fail.rule('server:account.googleNotBound');
  const { method } = await requireLiveStepUp(ctx.database.db, call, 'password_change', input.stepUpTicket);
  await refuseSamePassword(ctx, principal.accountId, input.password);
  if (method !== 'google') {
    if (!input.googleCode) throw fail.rule('server:account.googleCodeInvalid');
    await consumeGoogleCode(ctx, principal.accountId, input.googleCode);
  }
  await replacePassword(ctx, principal, input.password, (tx) =>
    consumeStepUp(tx, call, 'password_change', input.stepUpTicket),
  );
  await tellAccount(ctx, account.email, 'passwordChanged', lang);
}
