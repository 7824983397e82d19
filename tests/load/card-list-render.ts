/**
 * The card list in Chromium with 10,000 cards (issue 5 §5): how long after the first page of cards
 * arrives the first rows are on screen, and how many card rows the DOM holds at most while the
 * list is scrolled to its very end (it loads 100 cards a page as it goes).
 *
 * Both times come from the page's own clock: the first `card/page` answer's responseEnd (Resource
 * Timing) and the moment a MutationObserver first sees a card row.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM } from './page-weight';

export interface ListRender {
  firstRowsMs: number;
  maxRowsInDom: number;
  cardsLoaded: number;
  scrollSeconds: number;
}

declare global {
  interface Window {
    __firstRowAt?: number;
  }
}

export async function measureCardListRender(
  url: string,
  token: string,
  viewport: { width: number; height: number },
): Promise<ListRender> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    const info = await (
      await fetch(`${url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await page.goto(`${url}/#/`);
    await page.evaluate(
      ({ access, userInfo }) => {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', 'bench');
        localStorage.setItem('access_overtime', JSON.stringify(Date.now() + 600_000));
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
        localStorage.setItem('lang', 'en');
      },
      { access: token, userInfo: (info as { data: unknown }).data },
    );
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="card-row"]')) {
          window.__firstRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // A new document, so the init script runs (a hash change alone would keep the old one).
    await page.goto('about:blank');
    await page.goto(`${url}/#/cardList`);
    await page.waitForSelector('[data-testid="card-row"]', { timeout: 30_000 });
    const firstRowsMs = await page.evaluate(() => {
      const pages = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/card/page')) as PerformanceResourceTiming[];
      const first = pages.sort((a, b) => a.responseEnd - b.responseEnd)[0];
      return (window.__firstRowAt ?? Number.NaN) - (first?.responseEnd ?? Number.NaN);
    });

    const t0 = performance.now();
    let maxRowsInDom = 0;
    let cardsLoaded = 0;
    let still = 0;
    for (let step = 0; step < 400 && still < 15; step++) {
      const rows = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelectorAll('[data-testid="card-row"]').length;
      });
      maxRowsInDom = Math.max(maxRowsInDom, rows);
      const loaded = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/card/page')).length,
      );
      still = loaded * 100 === cardsLoaded ? still + 1 : 0;
      cardsLoaded = Math.min(loaded * 100, 10_000);
      await page.waitForTimeout(100);
    }
    return { firstRowsMs, maxRowsInDom, cardsLoaded, scrollSeconds: (performance.now() - t0) / 1000 };
  } finally {
    await browser.close();
  }
}
