/**
 * Signing in with a passkey (POST /api/user/passkeyLogin/options, then /api/user/passkeyLogin):
 * usernameless, so the options name no credential and any passkey of the site may answer; the
 * credential then names its holder: a main account, or one member (whose session opens narrowed to
 * it, as its password sign-in does). The same tokens as the password path (completeSignIn), and the
 * login log records method `passkey` (success, or failure with its reason). A passkey with user
 * verification is two factors, so no Google code follows (decisions.md "Passkeys").
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tokens } from '../../../contract/auth';
import type { authenticationCredential } from '../../../contract/passkeys';
import type { AppContext } from '../../context';
import { passkeys, subAccounts } from '../../db/schema';
import type { ClientInfo } from '../../lib/session';
import { refused, startAuthentication } from '../../lib/webauthn/ceremonies';
import { relyingPartyOf } from '../../lib/webauthn/relying-party';
import type { SigninAccount } from '../auth/find-account';
import { findAccountById, findSignInUser } from '../auth/find-account';
import { completeSignIn } from '../auth/sign-in/complete-sign-in';
import { loggedAttempt } from '../auth/session/login-attempt';
import type { PasskeyRow } from './holder';
import { usePasskey } from './use-passkey';

const SIGN_IN = { purpose: 'passkey_sign_in', subject: null };

export function startPasskeySignIn(ctx: AppContext) {
  return startAuthentication(
    ctx.database.db,
    relyingPartyOf(ctx.env),
    { allow: null, scope: SIGN_IN },
    ctx.now(),
  );
}

async function signInUserOf(ctx: AppContext, row: PasskeyRow): Promise<SigninAccount | null> {
  if (row.subAccountId === null) return findAccountById(ctx, row.accountId);
  const [member] = await ctx.database.db
    .select({ email: subAccounts.email, accountId: subAccounts.accountId })
    .from(subAccounts)
    .where(eq(subAccounts.id, row.subAccountId));
  if (member?.accountId !== row.accountId) return null;
  const user = await findSignInUser(ctx, member.email);
  return user?.id === row.subAccountId ? user : null;
}

export function signInWithPasskey(
  ctx: AppContext,
  credential: z.infer<typeof authenticationCredential>,
  client: ClientInfo,
): Promise<Tokens> {
  return loggedAttempt(ctx, client, 'passkey', async (attempt) => {
    const row = await usePasskey(ctx, credential, SIGN_IN, async (db, credentialId) => {
      const [found] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      // The login log names the account as soon as the credential is known.
      attempt.accountId = found?.accountId ?? null;
      return found;
    });
    const user = await signInUserOf(ctx, row);
    if (!user) throw refused();
    return completeSignIn(ctx, user, client, 'passkey');
  });
}
