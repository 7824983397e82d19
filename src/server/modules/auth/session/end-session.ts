/** GET /api/user/logout: the current session dies on the server, both of its tokens with it. */
import type { AppContext } from '../../../context';
import type { SessionPrincipal } from '../../../lib/session';
import { revokeSession } from '../../../lib/session';

export async function endSession(ctx: AppContext, principal: SessionPrincipal): Promise<null> {
  await revokeSession(ctx, ctx.database.db, principal.sessionId, 'logout');
  return null;
}
