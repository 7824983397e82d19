/** updatePwdByGoogleCode: change the password with a Google Authenticator code instead of a mailed one. */
import type { AppContext } from '../../context';
import type { MainPrincipal } from '../../lib/principal';
import { consumeGoogleCode } from '../../lib/totp';
import { replacePassword } from './replace-password';

export async function updatePasswordByGoogle(
  ctx: AppContext,
  principal: MainPrincipal,
  input: { googleCode: string; password: string },
): Promise<void> {
  await consumeGoogleCode(ctx, principal.accountId, input.googleCode);
  await replacePassword(ctx, principal, input.password);
}
