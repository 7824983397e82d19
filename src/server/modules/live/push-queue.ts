/**
 * Sending the queued pushes (issue 18 §1). Triggers queue a push in the transaction of the change
 * (migration 0020), so only committed changes are pushed and the money transaction never waits for
 * a push service. Any process drains: a row is claimed with SKIP LOCKED in a short transaction
 * (its next attempt pushed past a lease, so a sender that died is replaced), sent outside any
 * transaction, then deleted: each push goes out once across all processes. A queued push also writes
 * a `*` live change, so every process's hub sees it within a pass and drains at once; the job below
 * catches the rest.
 *
 * Delivery is best effort, once per subscription: the screens stay the source of truth, and sending
 * again after a partial failure would show the same notification twice on the devices that got it.
 * A push service answering 404 or 410 says the subscription is gone: it is deleted. Subscriptions of
 * a session that went idle past its limit are deleted too (its end was not a revocation, so no
 * trigger removed them).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { pushQueue, pushSubscriptions, sessions, subAccounts, subRoles } from '../../db/schema';
import type { JobSpec } from '../../lib/jobs';
import { liveHubOf } from './live-hub';
import { mayReceive, pushCardMember } from './push-audience';
import type { PushKind } from './push-message';
import { pushMessage } from './push-message';
import { vapidPair } from './vapid-keys';
import { countOutcomes, pushDeliveriesTotal } from '../../lib/metrics';
import { acceptableEndpoint } from './push-endpoints';

/** A claimed push is due again after this, should its sender die mid-send. */
export const PUSH_LEASE_MS = 60_000;
/** A push service that does not answer within this is given up on. */
export const PUSH_TIMEOUT_MS = 10_000;

type QueuedPush = typeof pushQueue.$inferSelect;

async function claimDue(ctx: AppContext): Promise<QueuedPush | null> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .select()
      .from(pushQueue)
      .where(lte(pushQueue.nextAttemptAt, now))
      .orderBy(asc(pushQueue.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    await tx
      .update(pushQueue)
      .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + PUSH_LEASE_MS) })
      .where(eq(pushQueue.id, row.id));
    return row;
  });
}

export type SendOutcome = 'sent' | 'gone' | 'failed' | 'skipped';

async function sendToSubscription(
  ctx: AppContext,
  row: QueuedPush,
  sub: typeof pushSubscriptions.$inferSelect,
): Promise<SendOutcome> {
  const message = await pushMessage(ctx, row.kind as PushKind, row.refId, {
    lang: sub.lang,
    showCode: sub.showCode,
  });
  if (!message) return 'skipped';
  // A row stored before the push services' hosts were enforced is dropped, never sent to.
  if (!acceptableEndpoint(ctx, sub.endpoint)) {
    await ctx.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    return 'gone';
  }
  const vapid = await vapidPair(ctx);
  const { ttl, ...payload } = message;
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: ctx.env.VAPID_SUBJECT,
        publicKey: vapid.publicKey,
        privateKey: vapid.privateKey,
      },
      TTL: ttl,
      urgency: row.kind === 'otp' ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    // Sent with fetch rather than web-push's own https client, which cannot reach the plain-http
    // loopback push service of the tests; the request (headers, encrypted body) is web-push's.
    const answer = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    if (answer.status === 404 || answer.status === 410) {
      await ctx.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return 'gone';
    }
    if (answer.ok) return 'sent';
    ctx.log.warn('push refused', { kind: row.kind, status: answer.status });
    return 'failed';
  } catch (error) {
    ctx.log.warn('push not delivered', { kind: row.kind, error: String(error) });
    return 'failed';
  }
}

/**
 * The account's subscriptions whose session still lives, with the session's member and role (who
 * may receive what: push-audience.ts); those of dead sessions are deleted.
 */
async function liveSubscriptions(ctx: AppContext, accountId: string) {
  const rows = await ctx.database.db
    .select({
      sub: pushSubscriptions,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      subAccountId: sessions.subAccountId,
      permissions: subRoles.permissions,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(subAccounts, eq(subAccounts.id, sessions.subAccountId))
    .leftJoin(subRoles, eq(subRoles.id, subAccounts.roleId))
    .where(eq(pushSubscriptions.accountId, accountId));
  const idleSince = ctx.now().getTime() - ctx.env.SESSION_IDLE_TTL * 1000;
  const dead = rows.filter((r) => r.revokedAt !== null || r.lastSeenAt.getTime() < idleSince);
  if (dead.length > 0)
    await ctx.database.db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.accountId, accountId),
        inArray(
          pushSubscriptions.id,
          dead.map((r) => r.sub.id),
        ),
      ),
    );
  return rows
    .filter((r) => !dead.includes(r))
    .map((r) => ({
      sub: r.sub,
      recipient: { subAccountId: r.subAccountId, permissions: r.permissions ?? [] },
    }));
}

/** Sends every due push; answers how each subscription's delivery went. */
export async function drainPushQueue(ctx: AppContext): Promise<Record<SendOutcome, number>> {
  const counts: Record<SendOutcome, number> = { sent: 0, gone: 0, failed: 0, skipped: 0 };
  for (let row = await claimDue(ctx); row; row = await claimDue(ctx)) {
    const kind = row.kind as PushKind;
    const member = await pushCardMember(ctx, kind, row.refId);
    for (const { sub, recipient } of await liveSubscriptions(ctx, row.accountId))
      counts[mayReceive(kind, member, recipient) ? await sendToSubscription(ctx, row, sub) : 'skipped'] += 1;
    await ctx.database.db.delete(pushQueue).where(eq(pushQueue.id, row.id));
  }
  countOutcomes(pushDeliveriesTotal, counts);
  return counts;
}

/** This process's running drain, so tests can wait for it. */
const running = new WeakMap<AppContext, Promise<unknown>>();

/** Starts a drain in this process (when a push was queued); drains never overlap. */
export function kickPushQueue(ctx: AppContext): Promise<unknown> {
  const next = (running.get(ctx) ?? Promise.resolve())
    .then(() => drainPushQueue(ctx))
    .catch((error: unknown) => ctx.log.error('push queue drain failed', { error: String(error) }));
  running.set(ctx, next);
  return next;
}

/** Drains as soon as any process queues a push (the `*` push row of live_push, read by the hub). */
export function watchPushQueue(ctx: AppContext): Promise<() => void> {
  return liveHubOf(ctx.database).watchPushes(() => void kickPushQueue(ctx));
}

export const pushQueueJob: JobSpec = {
  name: 'push-queue',
  everyMs: 5_000,
  leaseMs: 5 * 60_000,
  run: async (ctx) => {
    await drainPushQueue(ctx);
  },
};
