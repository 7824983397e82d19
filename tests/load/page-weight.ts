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
 * Counts every script and stylesheet that loading `url` in `page` fetches, gzipped, with the HTTP
 * cache off (routing turns it off), so files fetched earlier are fetched and counted again. The
 * page's context should block service workers, or scripts would come from the worker's cache.
 *
 * `ready`, when given, waits for the page to be drawn (its route's chunks asked for); the count
 * then ends once no request has been under way for half a second. Network idleness alone ended it
 * too early on a busy host: while the entry ran, the network was quiet for longer than that, and
 * the page's own chunks were not counted.
 */
export async function weighLoad(
  page: Page,
  url: string,
  ready?: (page: Page) => Promise<void>,
): Promise<PageWeight> {
  const bodies: Promise<{ kind: 'js' | 'css'; bytes: number }>[] = [];
  let underWay = 0;
  let lastActivity = Date.now();
  const settle = () => {
    underWay = Math.max(0, underWay - 1);
    lastActivity = Date.now();
  };
  page.on('request', () => {
    underWay += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then((b) => ({ kind: type === 'script' ? 'js' : 'css', bytes: gzipSync(b).length })),
    );
  });
  await page.route('**/*', (route) => route.continue());
  // The live stream stays open for as long as the page does, so the network would never be idle;
  // it carries no script or stylesheet, and refused it waits seconds before trying again.
  await page.route('**/api/live', (route) => route.abort());
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) {
    await ready(page);
    while (underWay > 0 || Date.now() - lastActivity < 500) await page.waitForTimeout(100);
  }
  const all = await Promise.all(bodies);
  const sum = (kind: 'js' | 'css') =>
    all.filter((b) => b.kind === kind).reduce((s, b) => s + b.bytes, 0) / 1024;
  return { jsKb: sum('js'), cssKb: sum('css'), files: all.length };
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
    return await weighLoad(page, measuredUrl);
  } finally {
    await browser.close();
  }
}
