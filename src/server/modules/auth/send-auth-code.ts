/**
 * The three code senders of the signed-out pages (sign-up, sign-in, forgotten password). The answer
 * and the send limits are the same whether or not the address has an account, so nobody can learn
 * who is registered; only the mail itself goes out or not.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { sendMailCode } from '../../lib/mail-codes';
import { findAccountByEmail } from './find-account';

export type AuthCodePurpose = 'signup' | 'login' | 'forgetPwd';

export async function sendAuthCode(
  ctx: AppContext,
  purpose: AuthCodePurpose,
  email: string,
  lang: Lang,
  ip: string,
): Promise<{ expiresIn: number; resendIn: number }> {
  const registered = (await findAccountByEmail(ctx, email)) !== null;
  // A sign-up code is useful only to a new address; the others only to an existing account.
  const deliver = purpose === 'signup' ? !registered : registered;
  return sendMailCode(ctx, email, purpose, lang, { deliver, ip });
}
