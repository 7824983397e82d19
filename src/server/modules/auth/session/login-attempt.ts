/**
 * The login log: every sign-in attempt (each method, and the refresh grant) leaves one login_logs
 * row with its outcome, whatever happens. Only facts go in: method, result, the message key of the
 * refusal, address and device; never the password, code or token.
 */
import type { AppContext } from '../../../context';
import { loginLogs } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { ClientInfo } from '../../../lib/session';

export type LoginMethod = (typeof loginLogs.$inferInsert)['method'];

/** Filled in by the attempt as soon as it knows which account is being signed in to. */
export interface Attempt {
  accountId: string | null;
}

/** Reason stored for failures that are not coded refusals (a server error). */
const UNEXPECTED = 'common:catalogue.500';
/** The message of the Google step's 428 (complete-sign-in.ts), the one step logged as `continued`. */
export const GOOGLE_STEP = 'server:auth.googleRequired';

export async function loggedAttempt<T>(
  ctx: AppContext,
  client: ClientInfo,
  method: LoginMethod,
  work: (attempt: Attempt) => Promise<T>,
): Promise<T> {
  const attempt: Attempt = { accountId: null };
  try {
    const result = await work(attempt);
    await writeLoginLog(ctx, client, method, attempt.accountId, { result: 'success', reason: null });
    return result;
  } catch (error) {
    // The Google step's 428 is not a refusal: the first factor was right and the sign-in goes on.
    // The captcha's 428 is: nothing was judged yet, so it stays a failure with its reason.
    if (error instanceof AppError && error.messageKey === GOOGLE_STEP)
      await writeLoginLog(ctx, client, method, attempt.accountId, { result: 'continued', reason: null });
    else
      await writeLoginLog(ctx, client, method, attempt.accountId, {
        result: 'failure',
        reason: error instanceof AppError ? error.messageKey : UNEXPECTED,
      });
    throw error;
  }
}

type Outcome = Pick<typeof loginLogs.$inferInsert, 'result' | 'reason'>;

/** A failed log write must not turn the answer into an error. */
async function writeLoginLog(
  ctx: AppContext,
  client: ClientInfo,
  method: LoginMethod,
  accountId: string | null,
  outcome: Outcome,
): Promise<void> {
  try {
    await ctx.database.db.insert(loginLogs).values({
      id: newId(),
      accountId,
      method,
      result: outcome.result,
      reason: outcome.reason ?? null,
      ip: client.ip,
      device: client.device,
      createdAt: ctx.now(),
    });
  } catch (error) {
    ctx.log.error('login log write failed', { method, error: String(error) });
  }
}
