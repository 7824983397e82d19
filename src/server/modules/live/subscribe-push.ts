/**
 * Subscribes the caller's device to pushes for as long as its session lives. A session is one
 * browser, and a browser has one push subscription, so the session's earlier subscription (an old
 * endpoint after the browser renewed it) is replaced; the same endpoint under another session (the
 * browser signed in again) moves to this one — only within the caller's own account (issue 29 §11):
 * another customer's endpoint is refused (409), never taken over; a dead session's row gives way.
 * Only the public push services' hosts are accepted (push-endpoints.ts).
 */
import { and, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import type { SessionPrincipal } from '../../lib/session';
import { acceptableEndpoint } from './push-endpoints';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  showCode?: boolean | undefined;
}

/** A P-256 public key is 65 bytes uncompressed; an auth secret 16. */
function keyLengthsValid(keys: PushSubscriptionInput['keys']): boolean {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  return p256dh.length === 65 && p256dh[0] === 4 && Buffer.from(keys.auth, 'base64url').length === 16;
}

export async function subscribePush(
  ctx: AppContext,
  principal: SessionPrincipal,
  lang: Lang,
  input: PushSubscriptionInput,
): Promise<null> {
  if (!acceptableEndpoint(ctx, input.endpoint) || !keyLengthsValid(input.keys))
    throw fail.badRequest('server:live.badSubscription');
  const values = {
    accountId: principal.accountId,
    sessionId: principal.sessionId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    showCode: input.showCode ?? false,
    lang,
    createdAt: ctx.now(),
  };
  const idleBefore = new Date(ctx.now().getTime() - ctx.env.SESSION_IDLE_TTL * 1000);
  const moved = await inTransaction(ctx.database.db, async (tx) => {
    // A row of an ended session (revoked, or idle past its limit) belongs to no one any more.
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.endpoint, input.endpoint),
        ne(pushSubscriptions.accountId, principal.accountId),
        inArray(
          pushSubscriptions.sessionId,
          tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(or(isNotNull(sessions.revokedAt), lt(sessions.lastSeenAt, idleBefore))),
        ),
      ),
    );
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.sessionId, principal.sessionId),
          ne(pushSubscriptions.endpoint, input.endpoint),
        ),
      );
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: newId(), endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: values,
        // Another customer's subscription stays theirs.
        setWhere: eq(pushSubscriptions.accountId, principal.accountId),
      })
      .returning({ id: pushSubscriptions.id });
    return row !== undefined;
  });
  if (!moved) throw fail.conflict('server:live.subscriptionTaken');
  return null;
}
