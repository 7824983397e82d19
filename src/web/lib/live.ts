/**
 * The live stream of one tab (issue 18 §1): GET /api/live read with fetch, so the access token
 * travels in the Authorization header as on every other call (an EventSource cannot send it, and a
 * token in a URL ends up in logs and histories). Started by the signed-in shell, stopped when the
 * session ends.
 *
 * Each `change` event names kinds of data, never the data: the matching TanStack Query keys are
 * invalidated (only queries on screen refetch), the wallet atom reloads, `account` re-reads the user
 * info into the session atoms (rights, status; lib/access-follow.ts then moves a member off a page
 * its role lost), and features listening through lib/live-events.ts (the 3-D Secure codes, an open
 * top-up order) load again. After every
 * (re)connect everything is refreshed once, since changes made while the stream was down were not
 * heard. While the stream is down, `liveConnectedAtom` is false and the features' polling runs.
 *
 * Reconnects back off from the server's `retry:` (3 s) doubling to a minute, with jitter so a
 * restarted server is not hit by every tab at once; an expired access token is refreshed first;
 * `end` (the session ended: frozen member, logout elsewhere, password changed…) and 401/403/610
 * stop it for good and sign the tab out locally, saying why, as an API call refused so would. A tab hidden for HIDDEN_CLOSE_MS lets
 * its stream go and reopens it when shown again.
 *
 * The event-stream text is read by `eventsource-parser` (the WHATWG rules: fields, CR/LF/CRLF line
 * ends, comments, `retry:`); the reconnect is ours, since the browser's EventSource would reconnect
 * on its own without the token.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { LiveEndCause } from '../../contract/live';
import { liveEndCause, stream } from '../../contract/live';
import { refreshAccess } from './access-refresh';
import { localeOf, storedLang, translate } from './i18n';
import { forceSignIn, refreshSession, urlOf } from './http';
import { emitLiveChange, setLiveConnected, type LiveKind } from './live-events';
import { onSessionEnd } from './session';
import { getItem } from './storage';
import { refreshWallet } from './wallet';

const ALL_KINDS: readonly LiveKind[] = [
  'wallet',
  'orders',
  'forecasts',
  'cards',
  'otp',
  'notices',
  'account',
];

/** The user info's query (features/account/useUserInfo.ts): `account` fills it, no second load. */
const USER_INFO_KEY = ['account', 'info'] as const;

/** The query keys (prefixes) each kind makes stale. */
export const LIVE_QUERY_KEYS: Record<LiveKind, readonly QueryKey[]> = {
  wallet: [['account', 'overview'], ['account', 'overviewForSub'], ['finance', 'flows'], ['subHome']],
  orders: [
    ['account', 'overview'],
    ['finance', 'flows'],
    ['finance', 'topupAmount'],
    ['recharge', 'limits'],
  ],
  forecasts: [
    ['finance', 'forecasts'],
    ['finance', 'topupAmount'],
    ['account', 'overview'],
  ],
  cards: [['cards'], ['cardGroups'], ['subHome'], ['account', 'overview'], ['account', 'overviewForSub']],
  otp: [],
  notices: [['notices']],
  account: [
    ['account', 'infoForSub'],
    ['account', 'privilege'],
    ['identity'],
    ['subAccounts'],
    ['roles'],
    ['subHome'],
  ],
};

export const MAX_RETRY_MS = 60_000;
export const HIDDEN_CLOSE_MS = 5 * 60_000;
const END_CODES = new Set([401, 403, 610]);

/** The wait before reconnect attempt `attempt` (0-based): base doubling, capped, ±20 % jitter. */
export function retryDelay(attempt: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(MAX_RETRY_MS, baseMs * 2 ** attempt);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** Applies one change: stale queries, the wallet atom, and the features' own listeners. */
export function applyChange(client: QueryClient, kinds: ReadonlySet<LiveKind>): void {
  for (const kind of kinds)
    for (const queryKey of LIVE_QUERY_KEYS[kind]) void client.invalidateQueries({ queryKey });
  if (kinds.has('wallet') || kinds.has('orders') || kinds.has('forecasts')) void refreshWallet();
  if (kinds.has('account')) followAccount(client);
  emitLiveChange(kinds);
}

/** The session atoms follow the account: fresh user info and rights, stored and put in the cache. */
function followAccount(client: QueryClient): void {
  void refreshAccess().then((user) => {
    if (user) client.setQueryData(USER_INFO_KEY, user);
  });
}

/** The translated reason a tab signed out by the stream shows. */
export function sessionEndText(cause: LiveEndCause): string {
  return translate(`common:sessionEnded.${cause}`);
}

/** The session is over for the server: forget it here too, saying why, and go to sign-in. */
function signOutHere(cause: LiveEndCause | null): void {
  forceSignIn(cause ? sessionEndText(cause) : undefined);
}

type Outcome = 'ended' | 'dropped' | 'refresh';

class LiveConnection {
  private abort = new AbortController();
  private baseRetryMs = 3000;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private wake: (() => void) | null = null;
  private stopped = false;
  /** The first `ready` needs no catch-up: the screens have just loaded. */
  private connectedBefore = false;

  constructor(
    private readonly client: QueryClient,
    private readonly fetcher: typeof fetch,
  ) {}

  start(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.onOnline);
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.wake?.();
    clearTimeout(this.hiddenTimer);
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    setLiveConnected(false);
  }

  private readonly onOnline = (): void => this.wake?.();

  private readonly onVisibility = (): void => {
    clearTimeout(this.hiddenTimer);
    if (document.visibilityState === 'hidden') {
      this.hiddenTimer = setTimeout(() => this.abort.abort(), HIDDEN_CLOSE_MS);
    } else {
      this.wake?.();
    }
  };

  private async loop(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      if (document.visibilityState === 'hidden' && this.abort.signal.aborted) {
        await this.sleep(null); // hidden and let go: wait to be shown
        continue;
      }
      if (this.abort.signal.aborted) this.abort = new AbortController();
      const outcome = await this.connectOnce(() => {
        attempt = 0;
      });
      setLiveConnected(false);
      if (outcome === 'ended' || this.stopped) return;
      if (outcome === 'refresh') {
        if (await refreshSession()) continue;
        return; // the session is over; the next API call says so
      }
      await this.sleep(retryDelay(attempt, this.baseRetryMs));
      attempt += 1;
    }
  }

  /** Waits `ms` (or until shown, online or stopped; `null`: only those). */
  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = ms === null ? undefined : setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async connectOnce(onReady: () => void): Promise<Outcome> {
    const token = getItem('access_token');
    if (!token) return 'ended';
    let response: Response;
    try {
      response = await this.fetcher(urlOf(stream), {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'text/event-stream',
          'Accept-Language': localeOf(storedLang()),
        },
        cache: 'no-store',
        signal: this.abort.signal,
      });
    } catch {
      return 'dropped';
    }
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
      const code = await response
        .json()
        .then((body: { code?: unknown }) => (typeof body.code === 'number' ? body.code : response.status))
        .catch(() => response.status);
      if (code === 600) return 'refresh';
      if (!END_CODES.has(code)) return 'dropped';
      signOutHere(null);
      return 'ended';
    }
    return this.read(response.body, onReady);
  }

  private async read(body: ReadableStream<Uint8Array>, onReady: () => void): Promise<Outcome> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let ended = false;
    const parser = createParser({
      onRetry: (ms) => {
        this.baseRetryMs = Math.max(1000, ms);
      },
      onEvent: (event) => {
        if (!ended) ended = this.onEvent(event, onReady);
      },
    });
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'dropped';
        parser.feed(decoder.decode(value, { stream: true }));
        if (ended) return 'ended';
      }
    } catch {
      return 'dropped';
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  /** Acts on one event; true when it ended the session (`end`). */
  private onEvent(event: EventSourceMessage, onReady: () => void): boolean {
    if (event.event === 'ready') {
      onReady();
      setLiveConnected(true);
      // Whatever changed while the stream was down was not heard: look again once.
      if (this.connectedBefore) applyChange(this.client, new Set(ALL_KINDS));
      this.connectedBefore = true;
    } else if (event.event === 'change') {
      const kinds = (JSON.parse(event.data) as { kinds?: LiveKind[] }).kinds ?? [];
      applyChange(this.client, new Set(kinds.filter((kind) => ALL_KINDS.includes(kind))));
    } else if (event.event === 'end') {
      const data = JSON.parse(event.data) as { cause?: string };
      signOutHere(liveEndCause(data.cause));
      return true;
    }
    return false;
  }
}

let current: LiveConnection | null = null;

/** Opens this tab's stream (once; calling again while it runs does nothing). */
export function startLive(client: QueryClient, fetcher: typeof fetch = fetch.bind(globalThis)): void {
  if (current) return;
  current = new LiveConnection(client, fetcher);
  current.start();
}

export function stopLive(): void {
  current?.stop();
  current = null;
}

onSessionEnd(stopLive);
