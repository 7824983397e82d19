/**
 * Subscribes the caller's device to pushes for as long as its session lives. A session is one
 * browser, and a browser has one push subscription, so the session's earlier subscription (an old
 * endpoint after the browser renewed it) is replaced; the same endpoint under another session (the
 * browser signed in again) moves to this one. Push endpoints must be https; plain http is accepted
 * only for a loopback address in demo mode (the tests' local push service).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import type { SessionPrincipal } from '../../lib/session';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  showCode?: boolean | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function acceptableEndpoint(ctx: AppContext, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return ctx.env.APP_MODE === 'demo' && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
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
  await inTransaction(ctx.database.db, async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.sessionId, principal.sessionId),
          ne(pushSubscriptions.endpoint, input.endpoint),
        ),
      );
    await tx
      .insert(pushSubscriptions)
      .values({ id: newId(), endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  });
  return null;
}
