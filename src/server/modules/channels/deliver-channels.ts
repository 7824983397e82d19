/**
 * Sending channel messages (issue 32 §3). Deliveries are queued by triggers in the transaction of
 * the event (migration 0034), or by "send test message". Any process drains: a due row is claimed
 * with SKIP LOCKED in a short transaction (its next attempt pushed past a lease, so a sender that
 * died is replaced), sent outside any transaction, then marked — each delivery goes out once across
 * all processes. The `*` push row the triggers write wakes every process's drain within a pass of
 * the live hub; the `channel-deliveries` job catches the rest and the retries.
 *
 * A failure (no answer within 10 s, an HTTP error, a redirect, the service's own error code) is
 * retried with exponential back-off: 30 s, 1, 2, 4, 8 min (CHANNEL_BACKOFF_MS · 2^(attempt−1)),
 * six attempts in all, then the delivery is `failed`. A 3-D Secure code that expired meanwhile is
 * not sent any more (`failed`, "expired"). The log keeps each delivery's attempts and last error
 * (never the URL or a token); rows older than 30 days are deleted by the job.
 */
import { and, asc, eq, lt, lte } from 'drizzle-orm';
import type { ChannelKind } from '../../../contract/channels';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { channelDeliveries, messengerChannels } from '../../db/schema';
import type { JobSpec } from '../../lib/jobs';
import { liveHubOf } from '../live/live-hub';
import { channelHears, eventCard } from './channel-audience';
import { acceptableOrigin } from './channel-hosts';
import { channelMessage } from './channel-message';
import type { StoredTarget } from './channel-requests';
import { buildRequest, refusal } from './channel-requests';

export const CHANNEL_LEASE_MS = 60_000;
export const CHANNEL_TIMEOUT_MS = 10_000;
export const CHANNEL_BACKOFF_MS = 30_000;
export const CHANNEL_MAX_ATTEMPTS = 6;
export const CHANNEL_LOG_DAYS = 30;

type Delivery = typeof channelDeliveries.$inferSelect;

/** The wait before attempt `attempts + 1` after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return CHANNEL_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

async function claimDue(ctx: AppContext): Promise<Delivery | null> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .select()
      .from(channelDeliveries)
      .where(and(eq(channelDeliveries.status, 'pending'), lte(channelDeliveries.nextAttemptAt, now)))
      .orderBy(asc(channelDeliveries.nextAttemptAt), asc(channelDeliveries.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const claimed = { attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + CHANNEL_LEASE_MS) };
    await tx.update(channelDeliveries).set(claimed).where(eq(channelDeliveries.id, row.id));
    return { ...row, ...claimed };
  });
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'dropped';

async function post(ctx: AppContext, kind: ChannelKind, url: string, body: string): Promise<string | null> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(CHANNEL_TIMEOUT_MS),
    });
    const text = await answer.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return refusal(kind, answer.status, json);
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    ctx.log.warn('channel not reached', { kind, error: name });
    return name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
}

/** Sends one claimed delivery; answers what became of it. */
async function deliver(ctx: AppContext, row: Delivery): Promise<DeliveryOutcome> {
  const db = ctx.database.db;
  const [channel] = await db.select().from(messengerChannels).where(eq(messengerChannels.id, row.channelId));
  const card = channel ? await eventCard(ctx, row.kind, row.refId) : undefined;
  // Out of the channel's scope (or its card is gone): not the channel's business, not logged.
  if (!channel || card === undefined || !(await channelHears(ctx, channel, row.kind, card))) {
    await db.delete(channelDeliveries).where(eq(channelDeliveries.id, row.id));
    return 'dropped';
  }
  const finish = (values: Partial<Delivery>) =>
    db.update(channelDeliveries).set(values).where(eq(channelDeliveries.id, row.id));
  const text = await channelMessage(ctx, channel, row.kind, row.refId, card);
  if (!text) {
    await finish({ status: 'failed', lastError: 'expired' });
    return 'failed';
  }
  const target = JSON.parse(ctx.box.open(channel.target)) as StoredTarget;
  const secret = channel.secret ? ctx.box.open(channel.secret) : null;
  const request = buildRequest(channel.kind, target, secret, text, ctx.now());
  // A row stored before the hosts were enforced, or an origin an operator has since removed.
  const problem = acceptableOrigin(ctx, channel.kind, new URL(request.url))
    ? await post(ctx, channel.kind, request.url, request.body)
    : 'host not allowed';
  if (problem === null) {
    await finish({ status: 'sent', sentAt: ctx.now(), lastError: null });
    return 'sent';
  }
  if (row.attempts >= CHANNEL_MAX_ATTEMPTS || problem === 'host not allowed') {
    await finish({ status: 'failed', lastError: problem });
    return 'failed';
  }
  await finish({
    lastError: problem,
    nextAttemptAt: new Date(ctx.now().getTime() + backoffMs(row.attempts)),
  });
  return 'retry';
}

/** Sends every due delivery; answers how they went. */
export async function drainChannelDeliveries(ctx: AppContext): Promise<Record<DeliveryOutcome, number>> {
  const counts: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, failed: 0, dropped: 0 };
  for (let row = await claimDue(ctx); row; row = await claimDue(ctx)) counts[await deliver(ctx, row)] += 1;
  return counts;
}

const running = new WeakMap<AppContext, Promise<unknown>>();

/** Starts a drain in this process; drains of one process never overlap. */
export function kickChannelDeliveries(ctx: AppContext): Promise<unknown> {
  const next = (running.get(ctx) ?? Promise.resolve())
    .then(() => drainChannelDeliveries(ctx))
    .catch((error: unknown) => ctx.log.error('channel drain failed', { error: String(error) }));
  running.set(ctx, next);
  return next;
}

/** Resolves when this process's running drain (if any) has finished. */
export function channelDrainSettled(ctx: AppContext): Promise<unknown> {
  return running.get(ctx) ?? Promise.resolve();
}

/** Drains as soon as any process queues a delivery (the `*` push row, read by the live hub). */
export function watchChannelDeliveries(ctx: AppContext): Promise<() => void> {
  return liveHubOf(ctx.database).watchPushes(() => void kickChannelDeliveries(ctx));
}

export const channelDeliveriesJob: JobSpec = {
  name: 'channel-deliveries',
  everyMs: 5_000,
  leaseMs: 5 * 60_000,
  run: async (ctx) => {
    await drainChannelDeliveries(ctx);
    const before = new Date(ctx.now().getTime() - CHANNEL_LOG_DAYS * 86_400_000);
    await ctx.database.db.delete(channelDeliveries).where(lt(channelDeliveries.createdAt, before));
  },
};
