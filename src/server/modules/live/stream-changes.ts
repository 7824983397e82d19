/**
 * GET /api/live: the caller's live stream as Server-Sent Events (issue 18 §1). The bearer header
 * authenticated the call (the registrar); from then on the stream checks its session on every
 * heartbeat and ends, with an `end` event naming why, the moment the session ends (a trigger signals logout and
 * every other revocation at once; the heartbeat catches the idle limit). Only kinds travel, never
 * data: the client refetches through the ordinary endpoints, which check its permissions.
 *
 * Proxies: a comment line every HEARTBEAT_MS keeps idle connections open, `X-Accel-Buffering: no`
 * and `no-transform` keep nginx-style buffers and compressors out of the way, and `retry:` tells the
 * client how soon to come back after a drop.
 */
import { eq } from 'drizzle-orm';
import type { LiveEnd, LiveEndCause, LiveKind } from '../../../contract/live';
import { LIVE_EVENTS, liveEndCause } from '../../../contract/live';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Call } from '../../lib/route';
import { liveHubOf } from './live-hub';

export const HEARTBEAT_MS = 20_000;
/** Changes that arrive this close together travel as one event (a payment moves order and wallet). */
export const COALESCE_MS = 100;
/** The client's first wait before reconnecting; it backs off from there. */
export const RETRY_MS = 3_000;
/**
 * A stream lasts at most this long, then closes and the client reconnects: a long-lived stream is
 * re-authenticated (and its access token refreshed) regularly, and stuck connections do not pile up.
 */
export const MAX_STREAM_MS = 30 * 60_000;

/**
 * One stream per tab: a session (one browser) with more open at once on one process is refused
 * (429, retry after a minute), so a runaway page cannot hold a process's connections.
 */
export const MAX_STREAMS_PER_SESSION = 8;

export const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-store, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/**
 * Why the session may no longer listen (revoked: its reason; idle beyond the limit: `idle`), or
 * null while it may.
 */
export async function sessionEndCause(ctx: AppContext, sessionId: string): Promise<LiveEndCause | null> {
  const [row] = await ctx.database.db
    .select({
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) return 'ended';
  if (row.revokedAt) return liveEndCause(row.revokedReason);
  return ctx.now().getTime() - row.lastSeenAt.getTime() <= ctx.env.SESSION_IDLE_TTL * 1000 ? null : 'idle';
}

export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function streamChanges(call: Call): Promise<Response> {
  const ctx = call.app;
  const { accountId, sessionId } = call.principal!;
  const hub = liveHubOf(ctx.database);
  if (hub.streamsOf(sessionId) >= MAX_STREAMS_PER_SESSION) throw fail.rateLimited(60);
  const encoder = new TextEncoder();
  let closed = false;
  let stopAll = (): void => undefined;

  const body = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      const send = (text: string): void => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const close = (): void => {
        if (closed) return;
        closed = true;
        stopAll();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      const end = (cause: LiveEndCause): void => {
        const data: LiveEnd = { reason: 'session', cause };
        send(sseEvent(LIVE_EVENTS.end, data));
        close();
      };

      let pending = new Set<LiveKind>();
      let flushTimer: NodeJS.Timeout | null = null;
      const flush = (): void => {
        flushTimer = null;
        const kinds = [...pending];
        pending = new Set();
        if (kinds.length > 0) send(sseEvent(LIVE_EVENTS.change, { kinds }));
      };
      const unsubscribe = await hub.subscribe({
        accountId,
        sessionId,
        onChange: (kind) => {
          pending.add(kind);
          flushTimer ??= setTimeout(flush, COALESCE_MS);
        },
        onSessionEnd: end,
      });
      const heartbeat = setInterval(() => {
        send(': ping\n\n');
        sessionEndCause(ctx, sessionId).then(
          (cause) => cause && end(cause),
          () => undefined,
        );
      }, HEARTBEAT_MS);
      const maxAge = setTimeout(close, MAX_STREAM_MS);
      const onAbort = (): void => close();
      call.hono.req.raw.signal.addEventListener('abort', onAbort);
      stopAll = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        if (flushTimer) clearTimeout(flushTimer);
        call.hono.req.raw.signal.removeEventListener('abort', onAbort);
      };
      send(`retry: ${RETRY_MS}\n\n`);
      send(sseEvent(LIVE_EVENTS.ready, {}));
      // The session may have ended between the authentication and the subscription.
      const cause = await sessionEndCause(ctx, sessionId);
      if (cause) end(cause);
    },
    cancel: () => {
      closed = true;
      stopAll();
    },
  });
  return new Response(body, { status: 200, headers: STREAM_HEADERS });
}
