/**
 * resetPwd/submit: change the password with the code mailed to the account address and a
 * `password_change` step-up ticket, so a stolen bearer token alone cannot set a new password.
 */
import type { AppContext } from '../../../context';
import type { Lang } from '../../../lib/i18n';
import { consumeMailCode } from '../../../lib/mail-codes';
import type { MainPrincipal } from '../../../lib/principal';
import type { Call } from '../../../lib/route';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';
import { loadAccount } from '../load-account';
import { refuseSamePassword, replacePassword } from './replace-password';
import { tellAccount } from '../tell-account';

export async function resetPassword(
  ctx: AppContext,
  call: Call,
  principal: MainPrincipal,
  input: { code: string; password: string; stepUpTicket?: string | undefined },
  lang: Lang,
): Promise<void> {
  const account = await loadAccount(ctx, principal.accountId);
  // Checked before the code is spent, so a missing step-up leaves the user their code.
  await requireLiveStepUp(ctx.database.db, call, 'password_change', input.stepUpTicket);
  await refuseSamePassword(ctx, principal.accountId, input.password);
  await consumeMailCode(ctx, account.email, 'resetPwd', input.code);
  await replacePassword(ctx, principal, input.password, (tx) =>
    consumeStepUp(tx, call, 'password_change', input.stepUpTicket),
  );
  await tellAccount(ctx, account.email, 'passwordChanged', lang);
}
