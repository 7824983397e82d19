/**
 * This process's end of the live events (issue 18 §1). The database sends them: triggers NOTIFY
 * `live_events` from the transaction of each change (migrations 0021 and 0023), so an event exists
 * only once its change committed, and every server process on the database hears it, whichever made
 * it. Each process listens once (one connection) and hands each event to the streams it serves for
 * that account or session; nothing here is state another process would need.
 */
import type { LiveEndCause, LiveKind } from '../../../contract/live';
import { liveEndCause, liveKinds } from '../../../contract/live';
import type { Database } from '../../db/client';

export const LIVE_CHANNEL = 'live_events';

/** What one NOTIFY says: the account (`*` for everyone) or the session (and why it ended), and the kind. */
export type LiveSignal =
  | { kind: LiveKind; accountId: string }
  | { kind: 'session'; sessionId: string; cause: LiveEndCause }
  | { kind: 'push' };

export function parseSignal(payload: string): LiveSignal | null {
  let raw: { a?: unknown; s?: unknown; k?: unknown; r?: unknown };
  try {
    raw = JSON.parse(payload) as typeof raw;
  } catch {
    return null;
  }
  if (raw.k === 'push') return { kind: 'push' };
  if (raw.k === 'session' && typeof raw.s === 'string')
    return {
      kind: 'session',
      sessionId: raw.s,
      cause: liveEndCause(typeof raw.r === 'string' ? raw.r : null),
    };
  if (typeof raw.a === 'string' && (liveKinds as readonly unknown[]).includes(raw.k))
    return { kind: raw.k as LiveKind, accountId: raw.a };
  return null;
}

export interface LiveListener {
  accountId: string;
  sessionId: string;
  /** A change of this kind for the listener's account (or everyone's). */
  onChange(kind: LiveKind): void;
  /** The listener's session ended, for this reason. */
  onSessionEnd(cause: LiveEndCause): void;
}

export class LiveHub {
  private readonly byAccount = new Map<string, Set<LiveListener>>();
  private readonly bySession = new Map<string, Set<LiveListener>>();
  private readonly pushWatchers = new Set<() => void>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(private readonly database: Database) {}

  /** Starts listening (once); resolves when events are being heard. */
  start(): Promise<unknown> {
    this.listening ??= this.database.listen(LIVE_CHANNEL, (payload) => this.dispatch(payload));
    this.listening.catch(() => {
      this.listening = null;
    });
    return this.listening;
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening)();
  }

  /** Adds a listener once the hub hears events; the answer removes it. */
  async subscribe(listener: LiveListener): Promise<() => void> {
    await this.start();
    add(this.byAccount, listener.accountId, listener);
    add(this.bySession, listener.sessionId, listener);
    return () => {
      remove(this.byAccount, listener.accountId, listener);
      remove(this.bySession, listener.sessionId, listener);
    };
  }

  /** Called whenever a push was queued somewhere (so this process may drain the queue at once). */
  watchPushes(onPush: () => void): () => void {
    this.pushWatchers.add(onPush);
    return () => this.pushWatchers.delete(onPush);
  }

  /** Streams this process serves for one session. */
  streamsOf(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /** Streams this process serves, for tests and the health of the stream. */
  get size(): number {
    let count = 0;
    for (const set of this.byAccount.values()) count += set.size;
    return count;
  }

  private dispatch(payload: string): void {
    const signal = parseSignal(payload);
    if (!signal) return;
    if (signal.kind === 'push') {
      for (const onPush of this.pushWatchers) onPush();
      return;
    }
    if (signal.kind === 'session') {
      for (const listener of [...(this.bySession.get(signal.sessionId) ?? [])])
        listener.onSessionEnd(signal.cause);
      return;
    }
    const listeners =
      signal.accountId === '*'
        ? [...this.byAccount.values()].flatMap((set) => [...set])
        : [...(this.byAccount.get(signal.accountId) ?? [])];
    for (const listener of listeners) listener.onChange(signal.kind);
  }
}

function add(map: Map<string, Set<LiveListener>>, key: string, listener: LiveListener): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
}

function remove(map: Map<string, Set<LiveListener>>, key: string, listener: LiveListener): void {
  const set = map.get(key);
  set?.delete(listener);
  if (set?.size === 0) map.delete(key);
}

/** One hub per database handle (one per process in production; one per test app in tests). */
const hubs = new WeakMap<Database, LiveHub>();

export function liveHubOf(database: Database): LiveHub {
  let hub = hubs.get(database);
  if (!hub) hubs.set(database, (hub = new LiveHub(database)));
  return hub;
}
