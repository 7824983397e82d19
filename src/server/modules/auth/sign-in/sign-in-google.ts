/** POST /api/user/loginByGoogle: the Google Authenticator step after a 428 {need:'google'}. */
import type { loginByGoogle, Tokens } from '@contract/auth';
import { Code } from '@contract/core';
import type { ParsedRequestOf } from '@contract/core';
import type { AppContext } from '../../../context';
import { AppError, fail } from '../../../lib/errors';
import type { ClientInfo } from '../../../lib/session';
import { consumeGoogleCode } from '../../../lib/totp';
import { completeSignIn } from './complete-sign-in';
import { findAccountById } from '../find-account';
import { loggedAttempt } from '../session/login-attempt';
import { failureSubjects, recordSigninFailure } from '../signin-failures';
import { claimSigninTicket, spendSigninTicket } from './signin-tickets';

export async function signInWithGoogle(
  ctx: AppContext,
  input: ParsedRequestOf<typeof loginByGoogle>,
  client: ClientInfo,
): Promise<Tokens> {
  return loggedAttempt(ctx, client, 'google', async (attempt) => {
    const claimed = await claimSigninTicket(ctx, input.ticket, client.clientId);
    if (!claimed) throw fail.rule('server:auth.ticketInvalid');
    attempt.accountId = claimed.accountId;
    try {
      await consumeGoogleCode(ctx, claimed.accountId, input.googleCode);
    } catch (error) {
      if (error instanceof AppError && error.code === Code.unprocessable) {
        await recordSigninFailure(ctx, failureSubjects(client.ip, claimed.accountId));
      }
      throw error;
    }
    if (!(await spendSigninTicket(ctx, input.ticket))) throw fail.rule('server:auth.ticketInvalid');
    // Re-read: the account may have been frozen since the first factor. The password lock does not
    // apply: the first factor was passed, and a Google code is its own proof (issue 13 §2).
    const account = await findAccountById(ctx, claimed.accountId);
    if (!account) throw fail.rule('server:auth.ticketInvalid');
    return completeSignIn(ctx, account, client, 'google');
  });
}
