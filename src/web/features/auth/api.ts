/**
 * Sign-in plumbing shared by the sign-in forms: completing a sign-in, reading the 428 "step
 * needed" answer, and the e-mail code senders' waits.
 */
import type { UserInfo } from '../../../contract/account';
import type { codeSent, StepNeeded, Tokens } from '../../../contract/auth';
import type { z } from 'zod';
import { ApiError, call } from '../../lib/http';
import { endSession, saveTokens, saveUserInfo } from '../../lib/session';
import { loadAccountContract, loadAuthContract } from './contract';

export type GoogleTicket = Extract<StepNeeded, { need: 'google' }>;

/** Stores the tokens, then the user info (the route guard wants both before leaving sign-in). */
export async function completeSignIn(tokens: Tokens): Promise<UserInfo> {
  saveTokens(tokens);
  try {
    const { info } = await loadAccountContract();
    const user = await call(info, {});
    saveUserInfo(user);
    return user;
  } catch (error) {
    // Half a session (tokens without a user) would confuse the guards: start again cleanly.
    endSession();
    throw error;
  }
}

/** The step a 428 answer asks for, or null when the error is something else. */
export async function stepOf(error: unknown): Promise<StepNeeded | null> {
  if (!(error instanceof ApiError) || error.code !== 428) return null;
  const { stepNeeded } = await loadAuthContract();
  const parsed = stepNeeded.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** Seconds to wait before another code may be sent: the server's value, or the default. */
export function resendWait(sent: z.infer<typeof codeSent>): number | true {
  return sent.resendIn > 0 ? sent.resendIn : true;
}

/** For a 429 while sending a code: the wait the server asks for (data.retryAfter), if any. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 429) return null;
  const data = error.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    'retryAfter' in data &&
    typeof data.retryAfter === 'number'
  ) {
    return data.retryAfter;
  }
  return null;
}
