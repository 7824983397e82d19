/**
 * Reads a live stream (GET /api/live) in a test: opens it on an app (in-process) or on a server
 * process (its base URL) and collects its Server-Sent Events, so a test can wait for the event it
 * expects or check that none came.
 */
import type { Hono } from 'hono';

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  events: StreamEvent[];
  /** Resolves with the first event (already received or coming) that matches, or rejects after `ms`. */
  waitFor(match: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** Whether the server closed the stream. */
  ended(): boolean;
  close(): void;
}

export function parseEvents(text: string): { events: StreamEvent[]; rest: string } {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) as unknown });
  }
  return { events, rest };
}

export async function openLiveStream(server: Hono | string, token: string | undefined): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init = { headers, signal: abort.signal };
  const response =
    typeof server === 'string'
      ? await fetch(`${server}/api/live`, init)
      : await server.request('/api/live', init);
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  if (isStream && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          buffer += decoder.decode(value, { stream: true });
          const parsed = parseEvents(buffer);
          buffer = parsed.rest;
          events.push(...parsed.events);
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted
      } finally {
        done = true;
        for (const wake of waiters) wake();
      }
    })();
  } else {
    done = true;
    events.push({ event: 'envelope', data: (await response.json()) as unknown });
  }
  return {
    status: response.status,
    events,
    ended: () => done,
    close: () => abort.abort(),
    waitFor: (match, ms = 3000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            cleanup();
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}

/** A `change` event naming `kind`. */
export const changeOf =
  (kind: string) =>
  (event: StreamEvent): boolean =>
    event.event === 'change' && ((event.data as { kinds?: string[] }).kinds ?? []).includes(kind);
