/**
 * This process's end of the live events (issue 18 §1). The database writes them: triggers add a row
 * to `live_changes` in the transaction of each change (migrations 0021, 0023, 0024), so an event
 * exists only once its change committed, and every server process on the database reads it,
 * whichever made it. Once started, the hub reads the rows of the topics it serves every POLL_MS (one
 * indexed statement, whatever the load) and hands each to the streams of that account or session;
 * nothing here is state another process would need.
 *
 * Why rows and not NOTIFY: PostgreSQL commits notifying transactions one at a time, and the money
 * path lost two thirds of its rate to it (docs/decisions.md, "Live stream").
 */
import type { LiveEndCause, LiveKind } from '../../../contract/live';
import { liveEndCause, liveKinds } from '../../../contract/live';
import type { Database } from '../../db/client';

/**
 * How often a process reads new changes, once it has served a stream or watches the push queue
 * (every serving process does): one indexed statement, a few rows.
 */
export const POLL_MS = 250;

/** The topic of a session's end (`live_session_end` writes it). */
const SESSION_PREFIX = 'session:';
export const sessionTopic = (sessionId: string): string => `${SESSION_PREFIX}${sessionId}`;

/** What one row says: the account (`*` for everyone) or the session (and why it ended), and the kind. */
export type LiveSignal =
  | { kind: LiveKind; accountId: string }
  | { kind: 'session'; sessionId: string; cause: LiveEndCause }
  | { kind: 'push' };

export function signalOf(topic: string, kind: string, detail: string | null): LiveSignal | null {
  if (topic === '*' && kind === 'push') return { kind: 'push' };
  if (kind === 'session' && topic.startsWith(SESSION_PREFIX))
    return { kind: 'session', sessionId: topic.slice(SESSION_PREFIX.length), cause: liveEndCause(detail) };
  if ((liveKinds as readonly string[]).includes(kind)) return { kind: kind as LiveKind, accountId: topic };
  return null;
}

/**
 * One statement, one snapshot: the oldest transaction still running as this snapshot was taken
 * (`horizon`: every transaction before it has ended, and what it wrote is visible here), and the rows
 * of the given topics written by transactions at or after the previous horizon. Rows of a
 * transaction still running are invisible now and read on a later pass, since its id is at or after
 * the new horizon. `$2` is a JSON array of topics.
 */
const READ_CHANGES = `select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
  coalesce((select json_agg(json_build_array(xid::text, topic, kind, detail))
    from live_changes where xid >= $1::xid8
      and topic in (select json_array_elements_text($2::json))), '[]')::text as changes`;

type ChangeRow = [xid: string, topic: string, kind: string, detail: string | null];

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
  /** Resolves once the first horizon is read; null while the hub is idle. */
  private started: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Reads run one after another, so a subscription never interleaves with a pass. */
  private queue: Promise<unknown> = Promise.resolve();
  private passPending = false;
  private horizon = '0';
  /** Rows already handed out (or older than a subscription) whose transaction is at or after the horizon. */
  private seen = new Set<string>();

  constructor(private readonly database: Database) {}

  /** Starts reading (once); resolves when changes committed from now on will be heard. */
  start(): Promise<void> {
    if (this.started) return this.started;
    const started = this.serially(() => this.read(['*'], { handOut: false, advance: true })).then(() => {
      if (this.started !== started) return;
      this.timer = setInterval(() => this.pass(), POLL_MS);
      this.timer.unref();
    });
    this.started = started;
    started.catch(() => {
      if (this.started === started) this.started = null;
    });
    return started;
  }

  /** Stops reading (before its database closes); a later subscription starts from the present. */
  async stop(): Promise<void> {
    this.started = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue.catch(() => undefined);
    this.horizon = '0';
    this.seen = new Set();
  }

  /**
   * Adds a listener once the hub hears changes; the answer removes it. A topic new to this process
   * is read once first, without handing anything out, so a change committed before the subscription
   * is not announced to it as new.
   */
  async subscribe(listener: LiveListener): Promise<() => void> {
    await this.start();
    await this.serially(async () => {
      const fresh = [
        ...(this.byAccount.has(listener.accountId) ? [] : [listener.accountId]),
        ...(this.bySession.has(listener.sessionId) ? [] : [sessionTopic(listener.sessionId)]),
      ];
      if (fresh.length > 0) await this.read(fresh, { handOut: false, advance: false });
      add(this.byAccount, listener.accountId, listener);
      add(this.bySession, listener.sessionId, listener);
    });
    return () => {
      remove(this.byAccount, listener.accountId, listener);
      remove(this.bySession, listener.sessionId, listener);
    };
  }

  /** Called whenever a push was queued somewhere (so this process may drain the queue at once). */
  async watchPushes(onPush: () => void): Promise<() => void> {
    await this.start();
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

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.catch(() => undefined).then(work);
    this.queue = next;
    return next;
  }

  /** One pass queued at a time; a pass that fails (database restarting) is tried again on the next tick. */
  private pass(): void {
    if (this.passPending) return;
    this.passPending = true;
    void this.serially(() => {
      this.passPending = false;
      const topics = ['*', ...this.byAccount.keys(), ...[...this.bySession.keys()].map(sessionTopic)];
      return this.read(topics, { handOut: true, advance: true });
    }).catch(() => undefined);
  }

  /**
   * Reads the topics' rows since the horizon. A full pass (`advance`) hands out what it has not
   * handed out before and moves the horizon; a subscription's first read only marks what exists.
   */
  private async read(topics: string[], how: { handOut: boolean; advance: boolean }): Promise<void> {
    const readChanges = this.database.prepared<{ horizon: string; changes: string }>(
      'live_read_changes',
      READ_CHANGES,
    );
    const [answer] = await readChanges([this.horizon, JSON.stringify(topics)]);
    if (!answer) return;
    const horizon = BigInt(answer.horizon);
    const stillRecent = new Set<string>();
    for (const [xid, topic, kind, detail] of JSON.parse(answer.changes) as ChangeRow[]) {
      const key = `${xid}|${topic}|${kind}`;
      if (BigInt(xid) >= horizon) stillRecent.add(key);
      if (!how.handOut) this.seen.add(key);
      else if (!this.seen.has(key)) {
        const signal = signalOf(topic, kind, detail);
        if (signal) this.dispatch(signal);
      }
    }
    if (!how.advance) return;
    this.horizon = answer.horizon;
    this.seen = stillRecent;
  }

  private dispatch(signal: LiveSignal): void {
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
