// @vitest-environment jsdom
/**
 * The push opt-in: says so when the browser cannot receive pushes or the customer blocked them;
 * turning it on asks permission, subscribes with the server's VAPID key and sends the browser's
 * subscription (code hidden by default); the lock-screen code is a separate choice; turning it off
 * tells the server and unsubscribes the browser. A push service that never answers (an Android phone
 * in mainland China) makes the switch settle back to off within 10 s, with an explanation that says
 * which channels still work; the opt-in says what will be sent.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SERVICE_TIMEOUT_MS } from '../../../lib/push';
import { saveTokens } from '../../../lib/session';
import { setItem } from '../../../lib/storage';
import { requestsTo, stubApi } from '../../../testing/utils';
import { PushOptIn } from './PushOptIn';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const PUBLIC_KEY = 'B' + 'A'.repeat(86);
const ENDPOINT = 'https://push.example.com/send/abc';

interface FakeBrowser {
  permission: NotificationPermission;
  subscription: { endpoint: string; toJSON(): unknown; unsubscribe: ReturnType<typeof vi.fn> } | null;
  subscribe: ReturnType<typeof vi.fn>;
}

function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
): FakeBrowser {
  const browser: FakeBrowser = { permission, subscription: null, subscribe: vi.fn() };
  const made = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p-key', auth: 'a-key' } }),
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
  };
  browser.subscribe.mockImplementation(async () => (browser.subscription = made));
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: browser.subscribe,
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => (browser.permission = answer),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  return browser;
}

let subscribed: { endpoint: string; showCode: boolean }[] = [];

beforeEach(() => {
  setItem('lang', 'en');
  saveTokens({ access_token: 'a', refresh_token: 'r', access_overtime: Date.now() + 60_000 });
  subscribed = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function serve() {
  return stubApi(async (request) => {
    if (request.path === '/api/push/status')
      return { code: 200, data: { publicKey: PUBLIC_KEY, subscriptions: subscribed } };
    if (request.path === '/api/push/subscribe') {
      const body = JSON.parse(request.body) as { endpoint: string; showCode: boolean };
      subscribed = [{ endpoint: body.endpoint, showCode: body.showCode }];
      return { code: 200, data: null };
    }
    if (request.path === '/api/push/unsubscribe') {
      subscribed = [];
      return { code: 200, data: null };
    }
    return { code: 404 };
  });
}

describe('PushOptIn', () => {
  it('says the browser cannot receive notifications, and offers no switch', async () => {
    serve();
    render(<PushOptIn />);
    expect((await screen.findByTestId('push-unsupported')).textContent).toContain(
      'cannot receive notifications',
    );
    expect(screen.queryByTestId('push-switch')).toBeNull();
  });

  it('says notifications are blocked when the customer blocked them', async () => {
    fakeBrowser('denied');
    serve();
    render(<PushOptIn />);
    expect((await screen.findByTestId('push-blocked')).textContent).toContain('blocked');
  });

  it('turns on with the server’s key, code hidden; the code is a choice of its own; turns off again', async () => {
    const browser = fakeBrowser('default');
    const { requests } = serve();
    render(<PushOptIn />);
    const toggle = await screen.findByTestId('push-switch');
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const key = (browser.subscribe.mock.calls[0]![0] as { applicationServerKey: Uint8Array })
      .applicationServerKey;
    expect(key).toHaveLength(65);
    expect(JSON.parse(requestsTo(requests, 'push/subscribe')[0]!.body)).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p-key', auth: 'a-key' },
      showCode: false,
    });

    fireEvent.click(screen.getByTestId('push-show-code'));
    await waitFor(() =>
      expect((screen.getByTestId('push-show-code') as HTMLInputElement).checked).toBe(true),
    );
    expect(subscribed).toEqual([{ endpoint: ENDPOINT, showCode: true }]);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(JSON.parse(requestsTo(requests, 'push/unsubscribe')[0]!.body)).toEqual({ endpoint: ENDPOINT });
    expect(browser.subscription).toBeNull();
    expect(screen.queryByTestId('push-show-code')).toBeNull();
  });

  it('stays off when the customer refuses the permission, asking the server nothing', async () => {
    const browser = fakeBrowser('default', 'denied');
    const { requests } = serve();
    render(<PushOptIn />);
    fireEvent.click(await screen.findByTestId('push-switch'));
    expect(await screen.findByTestId('push-blocked')).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(requestsTo(requests, 'push/subscribe')).toEqual([]);
  });

  it('says what will be sent', async () => {
    fakeBrowser('default');
    serve();
    render(<PushOptIn compact />);
    expect((await screen.findByTestId('push-what')).textContent).toContain(
      '3-D Secure codes, declined payments',
    );
  });

  it('settles back to off within 10 s with its explanation when the push service cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const browser = fakeBrowser('default');
      browser.subscribe.mockImplementation(() => new Promise(() => {})); // never answers
      const { requests } = serve();
      render(<PushOptIn />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      const toggle = screen.getByTestId('push-switch');
      fireEvent.click(toggle);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(screen.getByTestId('push-connecting').textContent).toContain(
        "Connecting to this phone's push service",
      );
      expect(toggle.getAttribute('aria-busy')).toBe('true');
      expect((toggle as HTMLButtonElement).disabled).toBe(true);

      await act(async () => {
        await vi.advanceTimersByTimeAsync(PUSH_SERVICE_TIMEOUT_MS - 1_000);
      });
      expect(screen.queryByTestId('push-connecting')).toBeNull();
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      expect(toggle.getAttribute('aria-busy')).toBe('false');
      expect((toggle as HTMLButtonElement).disabled).toBe(false);
      const problem = screen.getByTestId('push-unreachable');
      expect(problem.textContent).toContain('push service could not be reached');
      expect(problem.textContent).toContain('codes and declines show at the top of every screen');
      expect(requestsTo(requests, 'push/subscribe')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
