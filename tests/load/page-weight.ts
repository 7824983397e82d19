/** Gzipped bytes of the JS and CSS a page actually loads, measured in Chromium. */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';

export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export interface PageWeight {
  jsKb: number;
  cssKb: number;
  files: number;
}

/**
 * `prepare` runs first (e.g. to place a session in storage); the figure then counts every script
 * and stylesheet that loading `measuredUrl` (default `url`) fetches, with the HTTP cache disabled.
 */
export async function measurePageWeight(
  url: string,
  prepare?: (page: Page) => Promise<void>,
  measuredUrl = url,
): Promise<PageWeight> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    // No service worker: every script must come over the network to be counted.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    if (prepare) await prepare(page);
    const bodies: Promise<{ kind: 'js' | 'css'; bytes: number }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.push(
        response.body().then((b) => ({ kind: type === 'script' ? 'js' : 'css', bytes: gzipSync(b).length })),
      );
    });
    // Routing turns the HTTP cache off, so files fetched while preparing are fetched again.
    await page.route('**/*', (route) => route.continue());
    await page.goto(measuredUrl, { waitUntil: 'networkidle' });
    const all = await Promise.all(bodies);
    const sum = (kind: 'js' | 'css') =>
      all.filter((b) => b.kind === kind).reduce((s, b) => s + b.bytes, 0) / 1024;
    return { jsKb: sum('js'), cssKb: sum('css'), files: all.length };
  } finally {
    await browser.close();
  }
}
