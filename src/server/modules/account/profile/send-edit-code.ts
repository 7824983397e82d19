/**
 * edit/getCode: the codes confirming a profile edit.
 *
 * - Nickname or mobile only: one code to the current address.
 * - A new e-mail address (docs/decisions.md "Step-up re-authentication"): an `email_change` step-up
 *   ticket is spent and leaves a grant for that address in this session (15 minutes); then one code
 *   goes to the current address (the owner agrees) and one to the new address (it exists and is
 *   read). Asking again for the same address while the grant lives resends both codes without a
 *   new step-up, so a lost mail does not cost another password prompt.
 */
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import type { Lang } from '../../../lib/i18n';
import { sendMailCode } from '../../../lib/mail-codes';
import type { Call } from '../../../lib/route';
import { consumeStepUp, hasGrant, storeGrant } from '../../../lib/step-up';
import { addressTaken, addressTakenError } from '../../../lib/sign-in-address';
import type { AccountRow } from '../load-account';
import { loadAccount } from '../load-account';

/** The grant an e-mail change carries from edit/getCode to editByCode (lib/step-up.ts). */
export const EMAIL_CHANGE_GRANT = 'email_change_grant';

export function addressToProve(account: AccountRow, requestedEmail: string | undefined): string {
  return requestedEmail ?? account.email;
}

/** 409 before any mail goes out: no point proving an address that cannot become this account's. */
export async function ensureAddressFree(
  ctx: AppContext,
  account: AccountRow,
  address: string,
): Promise<void> {
  // Main accounts' and members' addresses alike (lib/sign-in-address.ts).
  if (address !== account.email && (await addressTaken(ctx.database.db, address))) throw addressTakenError();
}

export async function sendEditCode(
  ctx: AppContext,
  call: Call,
  accountId: string,
  input: { email?: string | undefined; stepUpTicket?: string | undefined },
  lang: Lang,
): Promise<{ expiresIn: number; resendIn: number }> {
  const account = await loadAccount(ctx, accountId);
  const address = addressToProve(account, input.email);
  if (address === account.email) return sendMailCode(ctx, account.email, 'edit', lang);
  await ensureAddressFree(ctx, account, address);
  if (!(await hasGrant(ctx.database.db, call, EMAIL_CHANGE_GRANT, address))) {
    await inTransaction(ctx.database.db, async (tx) => {
      const { method } = await consumeStepUp(tx, call, 'email_change', input.stepUpTicket);
      await storeGrant(tx, call, EMAIL_CHANGE_GRANT, address, method);
    });
  }
  await sendMailCode(ctx, account.email, 'edit', lang);
  return sendMailCode(ctx, address, 'edit', lang);
}
