/**
 * Issue 3 §6 end to end: the web manifests (both languages), the service worker (installed,
 * controlling, caching only the shell and /api/enum/list), the update prompt, and offline use —
 * the shell opens, the offline banner shows, home shows the saved figures with their time, and
 * actions that need the network say so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { cachedRequests, keyvalKeys, useLanguage, waitForController, withReleaseLock } from './pwa-helpers';

// This spec tests the service worker, which the config blocks for the others.
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function manifest(request: APIRequestContext, path: string): Promise<Manifest> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  return (await response.json()) as Manifest;
}

test('the manifests are valid in both languages, with 192, 512 and maskable icons', async ({ request }) => {
  const zh = await manifest(request, '/manifest.webmanifest');
  const en = await manifest(request, '/manifest.en.webmanifest');
  expect(zh.lang).toBe('zh-CN');
  expect(en.lang).toBe('en');
  expect(zh.name).toContain('虚拟卡');
  expect(en.name).toContain('virtual cards');

  for (const m of [zh, en]) {
    expect(m).toMatchObject({ id: '/', start_url: '/', display: 'standalone', theme_color: '#0b1f4b' });
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    const kinds = m.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(kinds).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of m.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(pngSize(await response.body())).toBe(icon.sizes);
    }
  }
  // One app whatever the language it was installed in.
  expect(en.id).toBe(zh.id);
});

test('the page links the manifest of its language', async ({ page }) => {
  await page.goto('/#/');
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveAttribute('href', '/manifest.webmanifest');
  await page.getByTestId('language-toggle').click();
  await expect(link).toHaveAttribute('href', '/manifest.en.webmanifest');
  await expect(link).toHaveCount(1);
});

test('the service worker installs, controls the app and caches no API answer but the enum list', async ({
  page,
  account,
}) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);
  expect(await waitForController(page)).toMatch(/\/sw\.js$/);

  // Let the controlled page make its API calls: wallet, overview, info, notices … and an enum list.
  await page.reload();
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('chart-empty')).toBeVisible();
  await page.evaluate(async () => {
    await fetch('/api/enum/list?type=currency', { headers: { 'Accept-Language': 'en' } });
  });

  await expect
    .poll(async () => (await cachedRequests(page))['api-enum-list'] ?? [], { timeout: 10_000 })
    .toContain('/api/enum/list?type=currency');
  const caches = await cachedRequests(page);
  const apiEntries = Object.values(caches)
    .flat()
    .filter((path) => path.startsWith('/api/') || path.startsWith('/sandbox/'));
  expect(apiEntries.every((path) => path.startsWith('/api/enum/list?'))).toBe(true);
  // Every cache is the precache or an api- cache (which logout clears).
  expect(
    Object.keys(caches).every((name) => name.startsWith('workbox-precache') || name.startsWith('api-')),
  ).toBe(true);
  // The shell is precached.
  expect(Object.values(caches).flat()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/index\.html/)]),
  );
});

test('offline: the shell opens, says it is offline and shows the saved figures with their time', async ({
  page,
  context,
  account,
}) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);
  await waitForController(page);
  await expect(page.getByTestId('home-page')).toHaveAttribute('data-source', 'live');
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect.poll(() => keyvalKeys(page)).toEqual([expect.stringMatching(/^home-snapshot:/)]);

  await context.setOffline(true);
  await page.reload();

  await expect(page.getByTestId('home-page')).toHaveAttribute('data-source', 'snapshot');
  await expect(page.getByTestId('snapshot-time')).toHaveText(
    /^Offline — figures saved (just now|\d+ min ago)$/,
  );
  await expect(page.getByTestId('offline-banner')).toHaveText(
    /^You are offline\. This page shows data saved (just now|\d+ min ago);/,
  );
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('wallet-USD')).toHaveText('$0.00');
  await expect(page.getByTestId('chart-empty')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('home-offline.png'), fullPage: true });

  // An action that needs the network says so and stays on the page.
  await page.getByTestId('wallet-refresh').click();
  await expect(page.getByText('You are offline. This action needs the network.').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/home/);

  // Back online: the banner says so and live figures return.
  await context.setOffline(false);
  await expect(page.getByTestId('online-banner')).toHaveText('Back online');
  await expect(page.getByTestId('home-page')).toHaveAttribute('data-source', 'live');
  await expect(page.getByTestId('snapshot-time')).toHaveCount(0);
});

test('a new version is offered with a non-blocking banner and activated by "Reload"', async ({
  page,
  account,
}) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);
  const first = await waitForController(page);
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');

  // Publish a "new release": the same worker with one byte more, as a deployment would.
  const dist = process.env.WEB_DIST ?? 'dist';
  const swFile = join(dist, 'sw.js');
  await withReleaseLock(dist, async () => {
    const original = readFileSync(swFile, 'utf8');
    try {
      writeFileSync(swFile, `${original}\n// e2e release ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

      const banner = page.getByRole('complementary', { name: 'App update' });
      await expect(banner).toContainText('A new version is available');
      // Non-blocking: the page underneath still works.
      await expect(page.getByTestId('wallet-refresh')).toBeEnabled();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath('update-banner.png') });

      const reloaded = page.waitForEvent('load');
      await banner.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
      await expect(page.getByTestId('update-banner')).toHaveCount(0);
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      expect(waiting).toBeNull();
      expect(await waitForController(page)).toBe(first);
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
