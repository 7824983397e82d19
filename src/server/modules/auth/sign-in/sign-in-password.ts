/**
 * POST /api/user/loginPwd. Order matters: a captcha-free try is claimed first, or the captcha is
 * demanded (a wrong captcha costs no password try); then one of the ten password tries is claimed
 * (423 while locked: no password is checked); only then is the password judged. Every count is
 * claimed before judging (issue 29 §9), so a burst cannot have more tries judged than the limits
 * allow; a right password gives its claims back.
 */
import type { loginPwd, Tokens } from '@contract/auth';
import type { ParsedRequestOf } from '@contract/core';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import { releaseSlots } from '../../../lib/limit-claim';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import type { ClientInfo } from '../../../lib/session';
import { passCaptcha } from '../captcha/captcha-gate';
import { completeSignIn } from './complete-sign-in';
import { findSignInUser } from '../find-account';
import { loggedAttempt } from '../session/login-attempt';
import { afterWrongPassword, claimPasswordTry, giveBackPasswordTry } from '../password-lock';
import { claimCaptchaFreeTry, failureSubjects, recordSigninFailure } from '../signin-failures';

export async function signInWithPassword(
  ctx: AppContext,
  input: ParsedRequestOf<typeof loginPwd>,
  client: ClientInfo,
): Promise<Tokens> {
  return loggedAttempt(ctx, client, 'password', async (attempt) => {
    const account = await findSignInUser(ctx, input.username);
    attempt.accountId = account?.id ?? null;
    const subjects = failureSubjects(client.ip, attempt.accountId, input.username);
    const free = await claimCaptchaFreeTry(ctx, subjects);
    let judgedWrong = false;
    try {
      if (!free) await passCaptcha(ctx, input, client.ip);
      const claimed = await claimPasswordTry(ctx, account, input.username);
      // An address with no account costs the same hash: nothing tells who is registered.
      const right = await verifyPassword(account?.passwordHash ?? (await hashOfNobody(ctx)), input.password);
      if (!account || !right) {
        judgedWrong = true;
        // A captcha-free try already stands as the failure; a try with a captcha is counted now.
        if (!free) await recordSigninFailure(ctx, subjects);
        await afterWrongPassword(ctx, claimed);
        throw fail.rule('server:auth.badCredentials');
      }
      await giveBackPasswordTry(ctx, claimed);
    } finally {
      if (free && !judgedWrong) await releaseSlots(ctx.database.db, free);
    }
    return completeSignIn(ctx, account, client, 'password');
  });
}

/** One hash per argon2 cost, made on first need; it matches no password anyone can send. */
const nobodyHashes = new Map<number, Promise<string>>();
function hashOfNobody(ctx: AppContext): Promise<string> {
  const memory = ctx.env.ARGON2_MEMORY_KIB;
  let hash = nobodyHashes.get(memory);
  if (!hash) {
    hash = hashPassword(`nobody-${memory}-${Math.random()}`, memory);
    nobodyHashes.set(memory, hash);
  }
  return hash;
}
