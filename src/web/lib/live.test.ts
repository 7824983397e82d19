// @vitest-environment jsdom
/**
 * The tab's live stream: SSE parsing, the back-off, what a change refreshes, and the connection's
 * life — ready, change, a drop and a reconnect that catches up, an expired token refreshed first,
 * and `end` or a 401 stopping it for good.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLive, onLiveChange } from './live-events';
import { applyChange, MAX_RETRY_MS, retryDelay, startLive, stopLive } from './live';
import { appStore, endSession, saveTokens } from './session';
import { walletAtom } from './wallet';
import * as http from './http';
import * as wallet from './wallet';

vi.mock('./offline', () => ({
  isOnline: () => true,
  useOnline: () => true,
  clearOfflineData: async () => undefined,
}));

function tokens(access = 'access-1') {
  saveTokens({ access_token: access, refresh_token: 'refresh-1', access_overtime: Date.now() + 60_000 });
}

/** A fetch answering each call with the next of `answers`; a stream answer is fed by `push`. */
function streamingFetch() {
  const calls: { url: string; authorization: string | null }[] = [];
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const queue: (() => Response)[] = [];
  const encoder = new TextEncoder();
  const sse = () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    streams.push(controller);
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  };
  const fetcher = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    return (queue.shift() ?? sse)();
  }) as unknown as typeof fetch;
  return {
    fetcher,
    calls,
    answerNext: (make: () => Response) => queue.push(make),
    envelope: (code: number) => () =>
      new Response(JSON.stringify({ code, msg: '', data: null, path: '/api/live' }), {
        headers: { 'content-type': 'application/json' },
      }),
    send: (text: string, index = streams.length - 1) => streams[index]!.enqueue(encoder.encode(text)),
    drop: (index = streams.length - 1) => streams[index]!.close(),
    get opened() {
      return streams.length;
    },
  };
}

beforeEach(() => {
  vi.spyOn(wallet, 'refreshWallet').mockResolvedValue(null);
});
afterEach(async () => {
  stopLive();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await endSession();
});

describe('retryDelay', () => {
  it('doubles from the server’s retry, caps at a minute, and spreads by ±20 %', () => {
    expect(retryDelay(0, 3000, () => 0.5)).toBe(3000);
    expect(retryDelay(2, 3000, () => 0.5)).toBe(12_000);
    expect(retryDelay(20, 3000, () => 0.5)).toBe(MAX_RETRY_MS);
    expect(retryDelay(0, 3000, () => 0)).toBe(2400);
    expect(retryDelay(0, 3000, () => 1)).toBe(3600);
  });
});

describe('applyChange', () => {
  it('makes the kind’s queries stale, reloads the wallet and tells the listeners', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const heard = vi.fn();
    const stop = onLiveChange(['otp'], heard);
    applyChange(client, new Set(['orders']));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'overview'] });
    expect(wallet.refreshWallet).toHaveBeenCalledTimes(1);
    expect(heard).not.toHaveBeenCalled();
    applyChange(client, new Set(['otp']));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(wallet.refreshWallet).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the connection', () => {
  it('sends the token in the header, not the URL, and applies each change', async () => {
    tokens();
    const net = streamingFetch();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    startLive(client, net.fetcher);
    await vi.waitFor(() => expect(net.opened).toBe(1));
    expect(new URL(net.calls[0]!.url).pathname).toBe('/api/live');
    expect(new URL(net.calls[0]!.url).search).toBe('');
    expect(net.calls[0]!.authorization).toBe('Bearer access-1');
    net.send('retry: 1000\n\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(isLive()).toBe(true));
    expect(invalidate).not.toHaveBeenCalled(); // the first ready needs no catch-up
    net.send('event: change\ndata: {"kinds":["wallet"]}\n\n');
    await vi.waitFor(() => expect(wallet.refreshWallet).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 'overview'] });
    expect(appStore.get(walletAtom)).toBeNull();
  });

  it('reads events split across chunks, CRLF line ends and heartbeats, and applies each once whole', async () => {
    tokens();
    const net = streamingFetch();
    startLive(new QueryClient(), net.fetcher);
    await vi.waitFor(() => expect(net.opened).toBe(1));
    net.send(': ping\r\n\r\nevent: ready\r\ndata: {}\r\n\r\nevent: cha');
    await vi.waitFor(() => expect(isLive()).toBe(true));
    net.send('nge\r\ndata: {"kinds":');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(wallet.refreshWallet).not.toHaveBeenCalled();
    net.send('["wallet"]}\r\n\r\n');
    await vi.waitFor(() => expect(wallet.refreshWallet).toHaveBeenCalledTimes(1));
  });

  it('reconnects after a drop, falls back meanwhile, and catches up on every kind once back', async () => {
    tokens();
    const net = streamingFetch();
    const client = new QueryClient();
    startLive(client, net.fetcher);
    await vi.waitFor(() => expect(net.opened).toBe(1));
    net.send('retry: 1000\n\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(isLive()).toBe(true));
    const heard = vi.fn();
    const stop = onLiveChange(['otp', 'notices'], heard);
    net.drop();
    await vi.waitFor(() => expect(isLive()).toBe(false));
    await vi.waitFor(() => expect(net.opened).toBe(2), { timeout: 3000 });
    net.send('event: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(isLive()).toBe(true);
    stop();
  });

  it('refreshes an expired access token before reconnecting', async () => {
    tokens('old');
    const net = streamingFetch();
    net.answerNext(net.envelope(600));
    const refresh = vi.spyOn(http, 'refreshSession').mockImplementation(async () => {
      tokens('new');
      return true;
    });
    startLive(new QueryClient(), net.fetcher);
    await vi.waitFor(() => expect(net.opened).toBe(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(net.calls.map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('stops for good on `end` and on a 401', async () => {
    tokens();
    const net = streamingFetch();
    startLive(new QueryClient(), net.fetcher);
    await vi.waitFor(() => expect(net.opened).toBe(1));
    net.send('event: ready\ndata: {}\n\nevent: end\ndata: {"reason":"session","cause":"logout"}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(net.opened).toBe(1);
    expect(isLive()).toBe(false);
    stopLive();

    tokens();
    const refused = streamingFetch();
    refused.answerNext(refused.envelope(401));
    startLive(new QueryClient(), refused.fetcher);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(refused.calls).toHaveLength(1);
  });
});
