/**
 * POST /api/user/loginPwd. Order matters: the captcha gate comes first (a wrong captcha costs no
 * password try), then the lock (no password is checked while locked), then the password.
 */
import type { loginPwd, Tokens } from '@contract/auth';
import type { ParsedRequestOf } from '@contract/core';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import type { ClientInfo } from '../../../lib/session';
import { passCaptchaIfDemanded } from '../captcha/captcha-gate';
import { completeSignIn } from './complete-sign-in';
import { findSignInUser } from '../find-account';
import { loggedAttempt } from '../session/login-attempt';
import {
  assertNobodyNotLocked,
  assertNotLocked,
  countNobodyWrongPassword,
  countWrongPassword,
} from '../password-lock';
import { failureSubjects, recordSigninFailure } from '../signin-failures';

export async function signInWithPassword(
  ctx: AppContext,
  input: ParsedRequestOf<typeof loginPwd>,
  client: ClientInfo,
): Promise<Tokens> {
  return loggedAttempt(ctx, client, 'password', async (attempt) => {
    const account = await findSignInUser(ctx, input.username);
    attempt.accountId = account?.id ?? null;
    const subjects = failureSubjects(client.ip, attempt.accountId, input.username);
    await passCaptchaIfDemanded(ctx, subjects, input, client.ip);
    if (!account) {
      // Same lock, same time, same answers as a real account: nothing tells who is registered.
      await assertNobodyNotLocked(ctx, input.username);
      await verifyPassword(await hashOfNobody(ctx), input.password);
      await recordSigninFailure(ctx, subjects);
      await countNobodyWrongPassword(ctx, input.username);
      throw fail.rule('server:auth.badCredentials');
    }
    assertNotLocked(ctx, account.lockedUntil);
    if (!(await verifyPassword(account.passwordHash, input.password))) {
      await recordSigninFailure(ctx, subjects);
      await countWrongPassword(ctx, account.id);
      throw fail.rule('server:auth.badCredentials');
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
