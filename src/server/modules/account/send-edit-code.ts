/**
 * edit/getCode: the code confirming a profile edit goes to the address the edit must prove — the new
 * one for an e-mail change (proving the user owns it), otherwise the current one.
 */
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { sendMailCode } from '../../lib/mail-codes';
import { emailTaken } from './create-account';
import type { AccountRow } from './load-account';
import { loadAccount } from './load-account';

export function addressToProve(account: AccountRow, requestedEmail: string | undefined): string {
  return requestedEmail ?? account.email;
}

/** 409 before any mail goes out: no point proving an address that cannot become this account's. */
export async function ensureAddressFree(
  ctx: AppContext,
  account: AccountRow,
  address: string,
): Promise<void> {
  if (address !== account.email && (await emailTaken(ctx, address)))
    throw fail.conflict('server:errors.emailTaken');
}

export async function sendEditCode(
  ctx: AppContext,
  accountId: string,
  requestedEmail: string | undefined,
  lang: Lang,
): Promise<{ expiresIn: number; resendIn: number }> {
  const account = await loadAccount(ctx, accountId);
  const address = addressToProve(account, requestedEmail);
  await ensureAddressFree(ctx, account, address);
  return sendMailCode(ctx, address, 'edit', lang);
}
