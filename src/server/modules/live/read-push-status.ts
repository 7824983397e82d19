/** The VAPID public key the browser subscribes with, and this session's subscriptions. */
import { eq } from 'drizzle-orm';
import type { PushStatus } from '../../../contract/live';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import type { SessionPrincipal } from '../../lib/session';
import { vapidPair } from './vapid-keys';

export async function readPushStatus(ctx: AppContext, principal: SessionPrincipal): Promise<PushStatus> {
  const [pair, rows] = await Promise.all([
    vapidPair(ctx),
    ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint, showCode: pushSubscriptions.showCode })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.sessionId, principal.sessionId)),
  ]);
  return { publicKey: pair.publicKey, subscriptions: rows };
}
