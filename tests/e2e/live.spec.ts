/**
 * Issue 18 §1 end to end, on the phone (its steps do not depend on the width; playwright.config): the customer watches Overview while the sandbox pays
 * a WeChat order, and the balance and "top-ups this month" change within 2 s without a reload
 * (the live stream); a push delivered to the service worker through the DevTools protocol shows a
 * notification, and tapping it opens the 3-D Secure codes; the manifest offers the shortcuts; home
 * reaches the codes in one tap.
 */
import type { Page } from '@playwright/test';
import { apiSignIn, expect, signInWithStorage, test } from './fixtures';
import { useLanguage, waitForController } from './pwa-helpers';

// This spec tests the service worker, which the config blocks for the others.
test.use({ serviceWorkers: 'allow' });

/** What the worker's global scope offers these tests (the DOM library has no worker types). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  openNotification(notification: Notification): Promise<void>;
}

/** Resolves once the app's live stream answered (its headers arrive when the stream opens). */
function streamOpened(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
    { timeout: 20_000 },
  );
}

test('a payment made while the customer watches Overview shows within 2 s, without a reload', async ({
  page,
  account,
}) => {
  await useLanguage(page, 'en');
  const opened = streamOpened(page);
  await signInWithStorage(page, account, '/#/home');
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('monthTopUp-CNY')).toHaveText('¥0.00');
  const stream = await opened;
  expect(stream.headers()['content-type']).toContain('text/event-stream');
  expect(stream.request().url()).not.toContain('token');

  const tokens = await apiSignIn(page.request, account);
  const order = (await (
    await page.request.post('/api/account/recharge/qrCreate', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      form: { channel: 'wechat', amount: '60000' },
    })
  ).json()) as { code: number; data: { orderId: string } };
  expect(order.code).toBe(200);
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  const paid = await page.request.post(`/sandbox/api/orders/${order.data.orderId}/pay`, {
    data: { amount: 60000 },
  });
  expect(paid.status()).toBe(200);

  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥596.40', { timeout: 2000 });
  await expect(page.getByTestId('monthTopUp-CNY')).not.toHaveText('¥0.00', { timeout: 2000 });
  expect(navigations).toBe(0);
});

test('a push delivered to the service worker shows a notification that opens the 3-D Secure codes', async ({
  page,
  context,
  account,
}) => {
  await context.grantPermissions(['notifications']);
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/home');
  await waitForController(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list as { registrationId: string; scopeURL: string; isDeleted: boolean }[])
      if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

  const message = {
    title: '3-D Secure code',
    body: 'Apple Store · $19.99 · 290 s left. Open the app to see the code.',
    url: '/cardList?otp=1',
    tag: 'otp:e2e',
    kind: 'otp',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: JSON.stringify(message),
  });

  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n: Notification) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url }]);

  // A tap: what the worker's notificationclick handler runs (a synthetic event cannot waitUntil).
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    await scope.openNotification(notification!);
  });
  await expect(page.getByTestId('otp-sheet')).toBeVisible();
  await expect(page).toHaveURL(/#\/cardList$/);
  await expect.poll(shown).toEqual([]);
});

test('the manifest offers 3DS codes, top-up and cards, in both languages', async ({ page }) => {
  for (const [file, names] of [
    ['/manifest.webmanifest', ['3DS 验证码', '充值', '卡片']],
    ['/manifest.en.webmanifest', ['3DS codes', 'Top up', 'Cards']],
  ] as const) {
    const manifest = (await (await page.request.get(file)).json()) as {
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest.shortcuts.map((s) => s.name)).toEqual(names);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([
      '/#/cardList?otp=1',
      '/#/FinanceRechargeIndex',
      '/#/cardList',
    ]);
  }
});

test('home reaches the 3-D Secure codes in one tap', async ({ page, account }) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/home');
  await page.getByTestId('action-otp').click();
  await expect(page.getByTestId('otp-sheet')).toBeVisible();
  await expect(page.getByTestId('push-opt-in')).toBeVisible();
});
