/**
 * The sign-in page's static first paint (docs/benchmarks.md "Sign-in page first paint"): index.html
 * paints the page before the app's scripts have arrived, in the stored language, and the real page
 * takes its place without moving anything — in the phone and the desktop layout.
 */
import type { Page } from '@playwright/test';
import enAuth from '../../locales/en/auth.json' with { type: 'json' };
import zhAuth from '../../locales/zh-CN/auth.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { keepLastTogether } from '../../src/web/lib/typography';

// Requests answered by a service worker escape page.route; the config keeps it out of these loads.

/** The app's entry script (the static page needs none of it). */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** The parts of the page both versions have. */
const PARTS = [
  '.cp-auth__brand',
  '.cp-auth__logo',
  '.cp-lang-toggle',
  '.cp-auth__tagline',
  '.cp-auth__panel',
  '.cp-auth__title',
  '.cp-auth__subtitle',
  '.cp-auth__footer',
  '.cp-auth__secure',
];

async function boxes(page: Page): Promise<Record<string, string>> {
  return page.evaluate((selectors) => {
    const out: Record<string, string> = {};
    for (const selector of selectors) {
      const element = [...document.querySelectorAll(selector)].find((e) => e.getClientRects().length > 0);
      const r = element?.getBoundingClientRect();
      out[selector] = r ? [r.x, r.y, r.width, r.height].map((n) => n.toFixed(1)).join(' ') : 'missing';
    }
    return out;
  }, PARTS);
}

async function withLang(page: Page, lang: 'cn' | 'en'): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('lang', stored), lang);
}

for (const [lang, texts, htmlLang] of [
  ['cn', zhAuth, 'zh-CN'],
  ['en', enAuth, 'en'],
] as const) {
  test(`the static page paints without the app, in ${lang}, where the real page then stands`, async ({
    page,
  }) => {
    await withLang(page, lang);
    await page.route(ENTRY, (route) => route.abort());
    await page.goto('/#/');
    const still = page.locator(`.cp-first-paint[data-lang="${lang}"]`);
    await expect(still).toBeVisible();
    await expect(page.locator('.cp-first-paint:visible')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
    await expect(still.getByRole('heading', { level: 1 })).toHaveText(texts.signIn.title);
    await expect(still.locator('.cp-auth__tagline')).toHaveText(keepLastTogether(texts.brand.tagline));
    const before = await boxes(page);
    expect(Object.values(before)).not.toContain('missing');

    await page.unrouteAll();
    await page.reload();
    await expect(page.getByTestId('password-sign-in')).toBeVisible();
    await expect(page.locator('.cp-first-paint')).toHaveCount(0);
    await expect(page.locator('.cp-auth')).toHaveCount(1);
    expect(await boxes(page)).toEqual(before);
  });
}

test('no static page where the app will not show sign-in', async ({ page }) => {
  await page.route(ENTRY, (route) => route.abort());
  await page.goto('/#/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#root > :visible')).toHaveCount(0);

  // A stored session: the app goes home, so sign-in is not painted either.
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('userInfo', JSON.stringify({ userId: 'u1', email: 'ada@example.com' }));
  });
  await page.goto('/#/');
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');
  await expect(page.locator('#root > :visible')).toHaveCount(0);
});

test('the language chosen on the sign-in page is the one painted next time', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByTestId('password-sign-in')).toBeVisible();
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.route(ENTRY, (route) => route.abort());
  await page.reload();
  await expect(page.locator('.cp-first-paint[data-lang="en"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enAuth.signIn.title);
});
