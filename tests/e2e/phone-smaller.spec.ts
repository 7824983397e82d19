/**
 * Issue 34 §6–§8 on the phone viewport, in both languages: the operation log names each operation
 * (never an internal key), the menu drawer's sub-items and the sign-up agreement's documents are
 * 44 px touch targets, and the spoken names hold the visible text (axe's
 * label-content-name-mismatch runs in expectAccessible).
 */
import { expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { shot } from './phone-pages';
import { useLanguage } from './pwa-helpers';

const KEY = /^[a-z]+[A-Z]?\w*\.[\w]+$/;

for (const lang of ['en', 'cn'] as const) {
  test(`[${lang}] the operation log names every operation in words`, async ({ page, account }, info) => {
    await useLanguage(page, lang);
    const tokens = await signInWithStorage(page, account, '/#/home');
    // Something to log: a push unsubscribe is an audited bearer POST that changes nothing here.
    await page.request.post('/api/push/unsubscribe', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      form: {},
    });
    await page.goto('/#/operate');
    // The page opens on the sign-in log: the operations are the other kind.
    await page.getByTestId('logs-kind').selectOption('operate');
    const cells = page.getByTestId('operate-action');
    await expect(cells.first()).toBeVisible();
    for (const text of await cells.allTextContents()) expect(text.trim()).not.toMatch(KEY);
    await shot(page, `operate-${lang}`, info.project.name);
  });

  test(`[${lang}] the drawer's sub-items and the agreement's documents are 44 px targets`, async ({
    page,
    account,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'touch targets are a phone matter');
    await useLanguage(page, lang);
    await page.goto('/#/signup');
    for (const id of ['open-privacy', 'open-terms']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await signInWithStorage(page, account, '/#/home');
    await page.getByTestId('tab-bar').getByRole('button').last().click();
    const drawer = page.locator('.cp-drawer');
    await expect(drawer).toBeVisible();
    const heights = await drawer
      .locator('.cp-menu__item')
      .evaluateAll((items) =>
        items
          .filter((item) => item.getBoundingClientRect().height > 0)
          .map((item) => item.getBoundingClientRect().height),
      );
    expect(heights.length).toBeGreaterThan(0);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
  });
}
