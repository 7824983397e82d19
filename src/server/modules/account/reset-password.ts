/** resetPwd/submit: change the password with the code mailed to the account address. */
import type { AppContext } from '../../context';
import { consumeMailCode } from '../../lib/mail-codes';
import type { MainPrincipal } from '../../lib/principal';
import { loadAccount } from './load-account';
import { replacePassword } from './replace-password';

export async function resetPassword(
  ctx: AppContext,
  principal: MainPrincipal,
  input: { code: string; password: string },
): Promise<void> {
  const account = await loadAccount(ctx, principal.accountId);
  await consumeMailCode(ctx, account.email, 'resetPwd', input.code);
  await replacePassword(ctx, principal, input.password);
}
