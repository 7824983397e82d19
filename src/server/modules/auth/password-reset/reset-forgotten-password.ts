/**
 * POST /api/user/forgetPwd/submit: a new password with the mailed code. It clears the failure count
 * and the lock, signs every device out and tells the owner by mail, in the account's language.
 */
import { eq } from 'drizzle-orm';
import type { forgetPwdSubmit } from '@contract/auth';
import type { ParsedRequestOf } from '@contract/core';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { accounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { translate } from '../../../lib/i18n';
import { consumeMailCode } from '../../../lib/mail-codes';
import { renderMail } from '../../../lib/mail-templates';
import { hashPassword } from '../../../lib/passwords';
import { revokeAccountSessions } from '../../../lib/session';
import type { SigninAccount } from '../find-account';
import { findAccountByEmail } from '../find-account';
import { clearPasswordFailures } from '../password-lock';
import { forgetAccountFailures } from '../signin-failures';

export async function resetForgottenPassword(
  ctx: AppContext,
  input: ParsedRequestOf<typeof forgetPwdSubmit>,
  ip: string,
): Promise<{ accountId: string }> {
  // Strangers' wrong codes never kill the owner's code (lib/mail-codes.ts tryMailCode).
  await consumeMailCode(ctx, input.email, 'forgetPwd', input.code, ip);
  const account = await findAccountByEmail(ctx, input.email);
  // No code was mailed to an address without an account: answer as for a wrong code.
  if (!account) throw fail.rule('server:errors.codeInvalid');
  const passwordHash = await hashPassword(input.password, ctx.env.ARGON2_MEMORY_KIB);
  await inTransaction(ctx.database.db, async (tx) => {
    await tx.update(accounts).set({ passwordHash, updatedAt: ctx.now() }).where(eq(accounts.id, account.id));
    await clearPasswordFailures(tx, account.id);
    await forgetAccountFailures(tx, account.id);
    await revokeAccountSessions(ctx, tx, account.id, 'password-reset');
  });
  await noticePasswordChanged(ctx, account);
  return { accountId: account.id };
}

/** The password is already changed: a mail failure is logged, not answered as an error. */
async function noticePasswordChanged(ctx: AppContext, account: SigninAccount): Promise<void> {
  const subject = translate(account.lang, 'server:auth.passwordChangedMail.subject');
  const text = translate(account.lang, 'server:auth.passwordChangedMail.text', { email: account.email });
  try {
    await ctx.mail.send({ to: account.email, subject, text, html: renderMail(subject, text, account.lang) });
  } catch (error) {
    ctx.log.error('password change notice failed', { accountId: account.id, error: String(error) });
  }
}
