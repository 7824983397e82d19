/**
 * Staying live (issue 18 §1): the live stream of changes and Web Push subscriptions. One domain,
 * `live`, for both: each tells a signed-in device that something changed, one while a tab is open,
 * the other while it is not (docs/decisions.md "Live stream and Web Push").
 *
 * The stream carries only what kind of data changed, never the data: the client refetches it
 * through the ordinary endpoints, which check the caller's permissions.
 */
import { z } from 'zod';
import { endpoint } from './core';

/**
 * What changed: the wallet's balances, top-up orders, USD transfer forecasts, cards (and their
 * authorizations and balances), 3-D Secure codes, notices, and `account`: what the user info
 * (GET /api/user/info) answers for the account or one of its members — status, profile, Google
 * Authenticator, identity verification, a member's status, role or the role's keys. Each tab of the
 * account re-reads its own user info then.
 */
export const liveKinds = ['wallet', 'orders', 'forecasts', 'cards', 'otp', 'notices', 'account'] as const;
export const liveKind = z.enum(liveKinds);
export type LiveKind = z.infer<typeof liveKind>;

/**
 * Server-Sent Events names. `change` data: `{ "kinds": LiveKind[] }`. `ready` opens the stream
 * (data `{}`); `end` closes it for good (data `{ "reason": "session", "cause": LiveEndCause }`: the
 * session ended, so the client must not reconnect with it, and tells its user why). Comment lines
 * (`: ping`) are heartbeats.
 */
export const LIVE_EVENTS = { ready: 'ready', change: 'change', end: 'end' } as const;

export const liveChange = z.object({ kinds: z.array(liveKind) });
export type LiveChange = z.infer<typeof liveChange>;

/**
 * Why a stream's session ended: the session's revocation reason as the server records it, or
 * `ended` for any other (a reason a newer server may add, or none recorded).
 */
export const liveEndCauses = [
  'logout',
  'idle',
  'password-changed',
  'password-reset',
  'email-changed',
  'google-unbound',
  'account-cancelled',
  'sub-frozen',
  'sub-inactive',
  'sub-password-reset',
  'ended',
] as const;
export type LiveEndCause = (typeof liveEndCauses)[number];

export const liveEnd = z.object({ reason: z.literal('session'), cause: z.enum(liveEndCauses) });
export type LiveEnd = z.infer<typeof liveEnd>;

/** A recorded revocation reason as a cause the client knows. */
export function liveEndCause(reason: string | null | undefined): LiveEndCause {
  return (liveEndCauses as readonly string[]).includes(reason ?? '') ? (reason as LiveEndCause) : 'ended';
}

export const stream = endpoint({
  id: 'live.stream',
  method: 'GET',
  path: '/api/live',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  answer: 'stream',
  summary:
    'Server-Sent Events of what changed for the caller\'s account (event "change", data { kinds }), ' +
    'heartbeats every 20 s, "end" when the session ends. Read with fetch and the Authorization header ' +
    '(an EventSource cannot send it, and a token in a URL would land in logs).',
  request: z.object({}),
  response: z.null(),
});

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
const base64url = z
  .string({ error: 'server:live.badSubscription' })
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'server:live.badSubscription' })
  .max(200, { error: 'server:live.badSubscription' });
const pushEndpointUrl = z
  .string({ error: 'server:live.badSubscription' })
  .max(1000, { error: 'server:live.badSubscription' })
  .url({ error: 'server:live.badSubscription' })
  .refine((value) => value.startsWith('https://') || value.startsWith('http://127.0.0.1'), {
    error: 'server:live.badSubscription',
  });

const showCodeFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'common:validation.invalidField' })
  .transform((value) => value === true || value === 'true' || value === '1');

export const pushStatusResponse = z.object({
  /** The server's VAPID public key (base64url), the `applicationServerKey` of `subscribe()`. */
  publicKey: z.string(),
  /** This session's subscriptions: their endpoint and whether codes show on the lock screen. */
  subscriptions: z.array(z.object({ endpoint: z.string(), showCode: z.boolean() })),
});
export type PushStatus = z.infer<typeof pushStatusResponse>;

export const pushStatus = endpoint({
  id: 'live.pushStatus',
  method: 'GET',
  path: '/api/push/status',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary: "The VAPID public key and this session's push subscriptions.",
  request: z.object({}),
  response: pushStatusResponse,
});

export const pushSubscribe = endpoint({
  id: 'live.pushSubscribe',
  method: 'POST',
  path: '/api/push/subscribe',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  summary:
    'Subscribe this device to pushes (3-D Secure codes, declines, credited top-ups, decided forecasts) ' +
    'for as long as this session lives. Subscribing the same endpoint again updates it. `showCode`: ' +
    'the 3-D Secure code itself appears in the notification.',
  request: z.object({
    endpoint: pushEndpointUrl,
    keys: z.object({ p256dh: base64url, auth: base64url }),
    showCode: showCodeFlag.optional(),
  }),
  response: z.null(),
});

export const pushUnsubscribe = endpoint({
  id: 'live.pushUnsubscribe',
  method: 'POST',
  path: '/api/push/unsubscribe',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  summary: "Remove this session's subscription of `endpoint` (or all of this session's, without it).",
  request: z.object({ endpoint: z.string().max(1000).optional() }),
  response: z.null(),
});

export const liveEndpoints = [stream, pushStatus, pushSubscribe, pushUnsubscribe] as const;
