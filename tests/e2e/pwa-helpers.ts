/** Page helpers of the PWA end-to-end specs (service worker, caches, IndexedDB, install prompt). */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export type Lang = 'en' | 'cn';

/** Chooses the UI language before the app starts (the setting it stores as `lang`). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
}

/** Waits until a service worker controls the page (clientsClaim makes the first one do so). */
export async function waitForController(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Every cache of Cache Storage with the paths (and queries) of the requests it holds. */
export async function cachedRequests(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      result[name] = keys.map((request) => {
        const url = new URL(request.url);
        return `${url.pathname}${url.search}`;
      });
    }
    return result;
  });
}

/**
 * Keys in idb-keyval's default store. Looking must not create the database: an empty one made
 * here, before the app's first write, would lack idb-keyval's object store (idb-keyval only makes
 * it on upgrade), and every later write of the app would fail. So an upgrade is aborted.
 */
export async function keyvalKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const done = (keys: string[]) => {
            db.close();
            resolve(keys);
          };
          if (!db.objectStoreNames.contains('keyval')) return done([]);
          const request = db.transaction('keyval').objectStore('keyval').getAllKeys();
          request.onsuccess = () => done(request.result.map(String));
          request.onerror = () => done([]);
        };
      }),
  );
}

/**
 * Fires the browser's install offer as Chrome would. Headless Chromium does not reliably decide on
 * its own that the app is installable, so the spec plays the browser's part; the prompt answers
 * `outcome`.
 */
export async function offerInstall(
  page: Page,
  outcome: 'accepted' | 'dismissed' = 'dismissed',
): Promise<void> {
  await page.evaluate((answer) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

/**
 * Runs `body` while this worker alone may publish a "new release" of the service worker. The phone
 * and desktop projects run side by side on one build: without this, one run's restore of `sw.js`
 * lands while the other's browser checks for its update, which then never comes.
 */
export async function withReleaseLock<T>(distDir: string, body: () => Promise<T>): Promise<T> {
  const lock = join(distDir, '.e2e-release-lock');
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
