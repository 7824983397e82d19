/**
 * The last step shared by every way of signing in, once the first factor is proven: the account must
 * still be allowed to act, an account with Google Authenticator bound must pass that step too, and
 * then a session opens and the failure counters start afresh.
 */
import type { StepNeeded, Tokens } from '@contract/auth';
import type { AppContext } from '../../../context';
import { eq } from 'drizzle-orm';
import { mainAccessGrant, subAccessGrant } from '@contract/permissions';
import { inTransaction } from '../../../db/client';
import { subAccounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { ClientInfo } from '../../../lib/session';
import { startSession } from '../../../lib/session';
import type { SigninAccount } from '../find-account';
import { clearPasswordFailures } from '../password-lock';
import { forgetAccountFailures } from '../signin-failures';
import { GOOGLE_STEP } from '../session/login-attempt';
import type { FirstFactor } from './signin-tickets';
import { issueSigninTicket } from './signin-tickets';

export async function completeSignIn(
  ctx: AppContext,
  account: SigninAccount,
  client: ClientInfo,
  proven: FirstFactor | 'google' | 'passkey',
): Promise<Tokens> {
  if (account.status !== 'active') throw fail.forbidden('server:errors.accountInactive');
  // A passkey with user verification is two factors already (decisions.md "Passkeys").
  if (account.googleBound && proven !== 'google' && proven !== 'passkey') {
    const step: StepNeeded = {
      need: 'google',
      ...(await issueSigninTicket(ctx, account.id, proven, client.clientId)),
    };
    throw fail.needStep(GOOGLE_STEP, step);
  }
  const tokens = await inTransaction(ctx.database.db, async (tx) => {
    await forgetAccountFailures(tx, account.id);
    if (account.sub) {
      await tx.update(subAccounts).set({ lastSignInAt: ctx.now() }).where(eq(subAccounts.id, account.id));
      return startSession(ctx, tx, account.sub.ownerId, client, account.id);
    }
    await clearPasswordFailures(tx, account.id);
    return startSession(ctx, tx, account.id, client);
  });
  // The allowed route ids and keys travel with the tokens (docs/decisions.md "Sub-accounts and roles").
  const grant = account.sub ? subAccessGrant(account.sub.permissions) : mainAccessGrant(account.subSwitch);
  return { ...tokens, ...grant };
}
