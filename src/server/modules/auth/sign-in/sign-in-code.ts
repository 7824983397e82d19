/** POST /api/user/loginByCode: sign in with the code that login/getCode mailed. */
import type { loginByCode, Tokens } from '@contract/auth';
import type { ParsedRequestOf } from '@contract/core';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import { consumeMailCode } from '../../../lib/mail-codes';
import type { ClientInfo } from '../../../lib/session';
import { completeSignIn } from './complete-sign-in';
import { findSignInUser } from '../find-account';
import { loggedAttempt } from '../session/login-attempt';
import { failureSubjects, recordSigninFailure } from '../signin-failures';

export async function signInWithCode(
  ctx: AppContext,
  input: ParsedRequestOf<typeof loginByCode>,
  client: ClientInfo,
): Promise<Tokens> {
  return loggedAttempt(ctx, client, 'code', async (attempt) => {
    const account = await findSignInUser(ctx, input.username);
    attempt.accountId = account?.id ?? null;
    // No password lock here: a locked password must still let the owner in by code (issue 13 §2).
    try {
      // Codes are stored for unknown addresses too (never mailed), so both cases answer alike.
      // Strangers' wrong codes never kill the owner's code; each source's wrong tries are claimed
      // before judging (lib/mail-codes.ts).
      await consumeMailCode(ctx, input.username, 'login', input.code, client.ip);
    } catch (error) {
      await recordSigninFailure(ctx, failureSubjects(client.ip, attempt.accountId, input.username));
      throw error;
    }
    // Only a lucky guess of an unmailed code gets here without an account: same answer as a wrong code.
    if (!account) throw fail.rule('server:errors.codeInvalid');
    return completeSignIn(ctx, account, client, 'code');
  });
}
