/**
 * A home that starts at once (issue 34 §9): for a returning main account, index.html's boot script
 * paints the wallet from the saved snapshot before any answer of the network, in the stored
 * language, asks home's first answers itself while the app's scripts download, and the app takes
 * those answers over (never asking twice) and its page takes the painted one's place.
 */
import type { Page, Route } from '@playwright/test';
import { expect, signInWithStorage, test } from './fixtures';
import { fundCny } from './money-helpers';
import { keyvalKeys, useLanguage, waitForController } from './pwa-helpers';

/** Holds every API request until `release()`: no answer of the network reaches the page. */
async function holdApi(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**', async (route: Route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const AGE = {
  cn: /^保存于 (不到 1 分钟前|\d+ 分钟前)$/,
  en: /^Saved (just now|\d+ min ago)$/,
} as const;

test.describe('a returning phone, the service worker installed', () => {
  test.use({ serviceWorkers: 'allow' });

  for (const lang of ['cn', 'en'] as const) {
    test(`the wallet is painted from the saved figures before any answer, in ${lang}`, async ({
      page,
      account,
    }) => {
      await useLanguage(page, lang);
      const tokens = await signInWithStorage(page, account);
      await fundCny(page.request, tokens, 1234);
      await page.reload();
      await waitForController(page);
      // ¥1,234 less the top-up's fee.
      await expect(page.getByTestId('wallet-CNY')).toHaveText(/^¥1,2\d\d\.\d\d$/);
      const live = (await page.getByTestId('wallet-CNY').textContent()) ?? '';
      // The page saved its figures (the snapshot waits for the wallet and the overview).
      await expect.poll(() => keyvalKeys(page)).toContainEqual(expect.stringMatching(/^home-snapshot:/));

      const release = await holdApi(page);
      await page.reload();
      const painted = page.getByTestId('home-paint');
      await expect(painted).toBeVisible();
      await expect(painted.getByTestId('home-paint-CNY')).toHaveText(live);
      await expect(painted.getByTestId('home-paint-USD')).toHaveText('$0.00');
      await expect(painted.getByTestId('home-paint-age')).toHaveText(AGE[lang]);
      await expect(painted).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
      // Painted where the page will stand: the wallet card in the first screen.
      const card = await painted.locator('.cp-balance').boundingBox();
      const intro = await painted.locator('.cp-home__intro').boundingBox();
      expect(card && card.y + card.height).toBeLessThan(page.viewportSize()?.height ?? 0);
      await page.screenshot({ path: test.info().outputPath(`home-paint-${lang}.png`) });

      // The answers come: the app's page takes the painted one's place.
      release();
      await expect(page.getByTestId('wallet-CNY')).toHaveText(live);
      await expect(page.getByTestId('home-paint')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-home-paint');
      // Without a jump: on a phone the painted heading and wallet stand where the app's do (the
      // painted header keeps the notice row's place). A wide screen's shell has a side menu the
      // paint does not draw.
      if (test.info().project.name === 'phone') {
        const appPage = page.getByTestId('home-page');
        const appIntro = await appPage.locator('.cp-home__intro').boundingBox();
        const appCard = await appPage.locator('.cp-balance').boundingBox();
        expect(appIntro).toMatchObject({ x: intro?.x, y: intro?.y, width: intro?.width });
        expect(appCard).toMatchObject({ x: card?.x, y: card?.y, width: card?.width });
      }
    });
  }
});

test('the app takes the answers the boot script asked: wallet and overview are asked once', async ({
  page,
  account,
}) => {
  await signInWithStorage(page, account);
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/user/wallet' || pathname === '/api/user/overview') asked.push(pathname);
  });
  let entryAsked = false;
  const firstAnswersBeforeEntry: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/index-[^/]+\.js$/.test(pathname)) entryAsked = true;
    if (!entryAsked && pathname.startsWith('/api/user/')) firstAnswersBeforeEntry.push(pathname);
  });
  await page.reload();
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('cards-total')).toHaveText('0');
  await page.waitForTimeout(500);
  expect(asked.sort()).toEqual(['/api/user/overview', '/api/user/wallet']);
  // Asked by the boot script, before the app's entry script was even requested.
  expect(firstAnswersBeforeEntry.sort()).toEqual(['/api/user/overview', '/api/user/wallet']);
});

test('nothing is painted or asked without a session, and the saved figures go with the session', async ({
  page,
  account,
}) => {
  await signInWithStorage(page, account);
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect.poll(() => keyvalKeys(page)).toContainEqual(expect.stringMatching(/^home-snapshot:/));
  // The session ends (as logout does: storage cleared, the snapshots removed).
  await page.evaluate(() => localStorage.removeItem('access_token'));
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/user/')) asked.push(request.url());
  });
  await page.reload();
  await expect(page.getByTestId('password-sign-in')).toBeVisible();
  await expect(page.getByTestId('home-paint')).toHaveCount(0);
  expect(asked).toEqual([]);
});
