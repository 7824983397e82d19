/** POST /api/oauth/token (grant_type=refresh_token): rotation and reuse detection live in lib/session. */
import { eq } from 'drizzle-orm';
import type { Tokens } from '@contract/auth';
import type { AppContext } from '../../../context';
import { sessions, sessionTokens } from '../../../db/schema';
import { sha256 } from '../../../lib/crypto';
import type { ClientInfo } from '../../../lib/session';
import { refreshSession } from '../../../lib/session';
import { loggedAttempt } from './login-attempt';

export async function refreshTokens(
  ctx: AppContext,
  refreshToken: string,
  client: ClientInfo,
): Promise<Tokens> {
  return loggedAttempt(ctx, client, 'refresh', async (attempt) => {
    attempt.accountId = await accountOfToken(ctx, refreshToken);
    return refreshSession(ctx, refreshToken, client.clientId);
  });
}

/** Whose session the token belongs to, for the login log; null for a token we never issued. */
async function accountOfToken(ctx: AppContext, token: string): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({ accountId: sessions.accountId })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .where(eq(sessionTokens.tokenHash, sha256(token)))
    .limit(1);
  return row?.accountId ?? null;
}
