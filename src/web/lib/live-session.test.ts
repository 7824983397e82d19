// @vitest-environment jsdom
/**
 * The session atoms follow the live stream (issue 18 §1): an `account` change re-reads the user
 * info into the atoms (rights, role) and the query cache; an `end` signs the tab out locally with
 * the translated reason the server gave, clearing what logout clears; a stream refused with 401
 * signs out too.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subAccessGrant } from '../../contract/permissions';
import { FULL_MEMBER_GRANT, storeSession, TEST_USER } from '../testing/fixtures';
import { stubApi } from '../testing/utils';
import { setSignInRedirect } from './http';
import { i18n } from './i18n';
import { startLive, stopLive } from './live';
import * as notify from './notify';
import { hasPermission } from './permissions';
import { accessAtom, appStore, endSession, userInfoAtom } from './session';
import { getItem } from './storage';
import * as wallet from './wallet';

vi.mock('./offline', () => ({
  isOnline: () => true,
  useOnline: () => true,
  clearOfflineData: async () => undefined,
}));

const encoder = new TextEncoder();

/** Answers /api/live with a stream the test feeds, and /api/user/info with `user()`. */
function server(user: () => unknown) {
  let feed: ReadableStreamDefaultController<Uint8Array> | null = null;
  const api = stubApi(() => ({ code: 200, data: user() }));
  const fetcher = vi.fn(async () => {
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (feed = c) });
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  }) as unknown as typeof fetch;
  return {
    api,
    fetcher,
    send: (text: string) => feed!.enqueue(encoder.encode(text)),
    opened: () => feed !== null,
  };
}

const toPage = vi.fn();
let hour = 0;
beforeEach(async () => {
  // The HTTP layer says "signed out" once per 3 s: each test is an hour after the last.
  hour += 1;
  vi.setSystemTime(Date.UTC(2026, 0, 1, hour));
  vi.spyOn(wallet, 'refreshWallet').mockResolvedValue(null);
  vi.spyOn(notify, 'toastError').mockImplementation(() => undefined);
  setSignInRedirect(toPage);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  stopLive();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  toPage.mockReset();
  await endSession();
});

describe('an `account` change', () => {
  it('re-reads the user info into the session atoms and the cache: a lost key is gone at once', async () => {
    storeSession(TEST_USER, { subAccount: true });
    expect(hasPermission('card:open')).toBe(true);
    const narrowed = { ...TEST_USER, nickname: 'Mia', ...subAccessGrant(['card:list']) };
    const net = server(() => narrowed);
    const client = new QueryClient();
    const grantsBefore = appStore.get(accessAtom);
    startLive(client, net.fetcher);
    await vi.waitFor(() => expect(net.opened()).toBe(true));
    net.send('event: ready\ndata: {}\n\n');
    net.send('event: change\ndata: {"kinds":["account"]}\n\n');

    await vi.waitFor(() => expect(appStore.get(userInfoAtom)?.nickname).toBe('Mia'));
    expect(net.api.requests.map((r) => r.path)).toEqual(['/api/user/info']);
    expect(hasPermission('card:open')).toBe(false);
    expect(hasPermission('card:list')).toBe(true);
    expect(appStore.get(accessAtom)).toBeGreaterThan(grantsBefore);
    expect(client.getQueryData(['account', 'info'])).toEqual(narrowed);
  });

  it('leaves the session alone when the other kinds change', async () => {
    storeSession(TEST_USER, { subAccount: true });
    const net = server(() => ({ ...TEST_USER, ...FULL_MEMBER_GRANT }));
    startLive(new QueryClient(), net.fetcher);
    await vi.waitFor(() => expect(net.opened()).toBe(true));
    net.send('event: ready\ndata: {}\n\nevent: change\ndata: {"kinds":["cards","wallet"]}\n\n');
    await vi.waitFor(() => expect(wallet.refreshWallet).toHaveBeenCalled());
    expect(net.api.requests).toEqual([]);
  });
});

describe('the end of the session', () => {
  it('signs a frozen member out here, saying why, and clears what logout clears', async () => {
    storeSession(TEST_USER, { subAccount: true });
    const net = server(() => TEST_USER);
    startLive(new QueryClient(), net.fetcher);
    await vi.waitFor(() => expect(net.opened()).toBe(true));
    net.send('event: ready\ndata: {}\n\n');
    net.send('event: end\ndata: {"reason":"session","cause":"sub-frozen"}\n\n');

    await vi.waitFor(() => expect(toPage).toHaveBeenCalledTimes(1));
    expect(notify.toastError).toHaveBeenCalledWith(
      'The account owner froze your team account, so you were signed out',
    );
    expect(getItem('access_token')).toBeNull();
    expect(getItem('Auths')).toBeNull();
    expect(appStore.get(userInfoAtom)).toBeNull();
  });

  it('says it in Chinese too, and a cause it does not know as "the session ended"', async () => {
    await i18n.changeLanguage('zh-CN');
    storeSession();
    const net = server(() => TEST_USER);
    startLive(new QueryClient(), net.fetcher);
    await vi.waitFor(() => expect(net.opened()).toBe(true));
    net.send('event: end\ndata: {"reason":"session","cause":"something-new"}\n\n');
    await vi.waitFor(() => expect(toPage).toHaveBeenCalledTimes(1));
    expect(notify.toastError).toHaveBeenCalledWith('您的登录已失效，请重新登录');
    expect(getItem('access_token')).toBeNull();
  });

  it('signs out when the stream is refused with 401', async () => {
    storeSession();
    stubApi(() => ({ code: 200, data: TEST_USER }));
    const fetcher = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 401, msg: '', data: null, path: '/api/live' }), {
          headers: { 'content-type': 'application/json' },
        }),
    ) as unknown as typeof fetch;
    startLive(new QueryClient(), fetcher);
    await vi.waitFor(() => expect(toPage).toHaveBeenCalledTimes(1));
    expect(getItem('access_token')).toBeNull();
  });
});
