/** Removes the caller's session's subscription of `endpoint`, or all of the session's without it. */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import type { SessionPrincipal } from '../../lib/session';

export async function unsubscribePush(
  ctx: AppContext,
  principal: SessionPrincipal,
  endpoint: string | undefined,
): Promise<null> {
  const ofSession = eq(pushSubscriptions.sessionId, principal.sessionId);
  await ctx.database.db
    .delete(pushSubscriptions)
    .where(endpoint ? and(ofSession, eq(pushSubscriptions.endpoint, endpoint)) : ofSession);
  return null;
}
