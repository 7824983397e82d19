/** Mail a code to the signed-in account's own address, confirming a password change or closure. */
import type { AppContext } from '../../context';
import type { CodePurpose } from '../../lib/mail-codes';
import { sendMailCode } from '../../lib/mail-codes';
import type { Lang } from '../../lib/i18n';
import { loadAccount } from './load-account';

export async function sendAccountCode(
  ctx: AppContext,
  accountId: string,
  purpose: Extract<CodePurpose, 'resetPwd' | 'cancel'>,
  lang: Lang,
): Promise<{ expiresIn: number; resendIn: number }> {
  const account = await loadAccount(ctx, accountId);
  return sendMailCode(ctx, account.email, purpose, lang);
}
