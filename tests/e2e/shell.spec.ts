/**
 * Issue 3 §1, §2 and the notices UI of §4 end to end, in a phone and a desktop viewport: every
 * guard rule, the side menu (desktop) and the tab bar with its drawer (phone), the notice carousel
 * and dialog with read marking, the banner's "I know", the language toggle, customer service,
 * logout clearing storage and offline data, the inactivity logout on a moved clock, and axe.
 *
 * Every test uses a freshly registered account, so notice read state starts unread.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { keyvalKeys } from './pwa-helpers';

/** English for readable assertions, unless a test switched the language itself. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
});

const INTRO_HOME = 'Balances, cards and this month at a glance';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/**
 * On a phone the banner notice (the maintenance ticker) takes the carousel's place in the one
 * notice slot (issue 34 §2). Tests about the carousel answer the banner as absent there, so the
 * slot shows the carousel without changing any notice's state on the server.
 */
async function withoutTickerOnPhone(page: Page) {
  if (!isPhone(page)) return;
  await page.route('**/api/notice/userNotice*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { banner?: unknown } };
    if (body.data) body.data.banner = null;
    await route.fulfill({ response, json: body });
  });
}

async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-panel')).toBeVisible();
}

async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notices-unread');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.locator('[aria-hidden="true"]').textContent())?.trim());
}

test.describe('guards', () => {
  test('signed out: a page asked for goes to sign-in, and back to it after signing in', async ({ page }) => {
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/\?redirect=%2Fhome$/);
    await page.getByTestId('signin-email').fill(DEMO.email);
    await page.getByTestId('signin-password').fill(DEMO.password);
    await page.getByTestId('signin-submit').click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('shell')).toBeVisible();
    const auths = await page.evaluate(() => JSON.parse(localStorage.getItem('Auths') ?? 'null') as unknown);
    expect(auths).toEqual(expect.arrayContaining([{ id: 2001 }]));
  });

  test('signed out: storage is cleared on the way to sign-in', async ({ page }) => {
    await page.goto('/#/');
    await page.evaluate(() => {
      localStorage.setItem('userInfo', '{"userId":"x"}');
      localStorage.setItem('Auths', '[{"id":2001}]');
      localStorage.setItem('username', 'kept@example.com');
    });
    await page.goto('/#/subHome');
    await expect(page).toHaveURL(/#\/\?redirect=%2FsubHome$/);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toEqual(['lang', 'username']);
  });

  test('signed in: sign-in and sign-up go home; no permission; unknown; /index.html', async ({
    page,
    account,
  }) => {
    await signInWithStorage(page, account);
    await expect(page.getByTestId('shell')).toBeVisible();
    for (const path of ['/#/', '/#/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/#\/home$/);
    }
    // /subHome belongs to sub-account users: a main account has no permission for it.
    await page.goto('/#/subHome');
    await expect(page).toHaveURL(/#\/noPermission$/);
    await expect(page.getByTestId('status-noPermission')).toBeVisible();
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(page.getByTestId('header-title')).toHaveText('No permission');
    await expectAccessible(page);
    // Pages of later issues do not exist yet.
    await page.goto('/#/noSuchPage');
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByTestId('shell')).toHaveCount(0);
    await page.goto('/#/index.html');
    await expect(page).toHaveURL(/#\/home$/); // '/' and then, signed in, home
  });

  test('signed out: /index.html goes to sign-in', async ({ page }) => {
    await page.goto('/#/index.html');
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByTestId('signin-email')).toBeVisible();
  });
});

/** Built pages only, the same on the phone's drawer and the side menu; finance, cards and personal
 * are pre-opened for a first-time user (guide), the team section is not. */
const MENU_ITEMS = [
  /^Overview/,
  /^Finance/,
  /^Recharge/,
  /^Transfer forecasts/,
  /^Financial records/,
  /^Scenario query/,
  /^Cards/,
  // The card list comes first: the card tab opens it (issue 34 §1).
  /^Card list/,
  /^Open cards/,
  /^Card groups/,
  /^Card records/,
  /^Sub-accounts/,
  /^Personal/,
  /^Personal account/,
  /^Google Authenticator/,
  /^Operation log/,
  /^Identity verification/,
  /^Invite rebate/,
  'Log out',
];

test.describe('menus', () => {
  test('the menu holds the pages that exist, and logout last', async ({ page, account }) => {
    await signInWithStorage(page, account);
    await expect(page.getByTestId('shell')).toBeVisible();
    if (isPhone(page)) {
      await expect(page.getByTestId('side-menu')).toHaveCount(0);
      const tabs = page.getByTestId('tab-bar');
      await expect(tabs.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
      await tabs.getByTestId('tab-menu').click();
      const drawer = page.getByTestId('drawer');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('listitem')).toHaveText(MENU_ITEMS);
      await expectAccessible(page);
      await drawer.getByTestId('drawer-close').click();
      await expect(drawer).toBeHidden();
    } else {
      await expect(page.getByTestId('tab-bar')).toHaveCount(0);
      const menu = page.getByTestId('side-menu');
      await expect(menu.getByRole('listitem')).toHaveText(MENU_ITEMS);
      await expect(menu.getByTestId('menu-home')).toHaveAttribute('aria-current', 'page');
      // A first-time user (no notice read yet, `guide`) sees each item's intro tag written out.
      await expect(menu.getByTestId('menu-home')).toHaveAttribute('data-intro', INTRO_HOME);
      await expect(menu.getByText(INTRO_HOME)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('guide'))).toBe('true');
      // Reading a notice ends the first visit; the tags go back to being tooltips.
      await page.getByTestId('notice-carousel-item').click();
      await expect(page.getByTestId('notice-reader')).toBeVisible();
      await page.getByTestId('sheet-close').click();
      await expect(menu.getByText(INTRO_HOME)).toHaveCount(0);
    }
  });

  test('the user menu: avatar, plan, balances, logout; customer service: QR codes, and on a phone copy, open and save', async ({
    page,
    account,
  }) => {
    await signInWithStorage(page, account);
    // A new account has no nickname: the avatar takes the e-mail's first letter.
    await expect(page.getByTestId('avatar')).toHaveText(account.email.charAt(0).toUpperCase());
    await openUserMenu(page);
    const panel = page.getByTestId('user-menu-panel');
    await expect(panel).toContainText('Plan: Standard');
    await expect(panel.getByTestId('user-balance-CNY')).toHaveText('¥0.00');
    await expect(panel.getByTestId('user-logout')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await page.getByTestId('service-button').click();
    const dialog = page.getByTestId('service-dialog');
    await expect(dialog.getByRole('img')).toHaveCount(2);
    for (const id of ['wechat', 'telegram']) {
      const image = dialog.getByTestId(`service-qr-${id}`);
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
    }
    await expectAccessible(page);
    if (isPhone(page)) {
      // The phone itself: open the chat, copy the id, save the QR (a download where files cannot
      // be shared, as in this browser).
      await expect(dialog.getByTestId('service-open-telegram')).toHaveAttribute(
        'href',
        'https://t.me/CardPortalSupport',
      );
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await dialog.getByTestId('service-copy-telegram').click();
      await expect(page.getByText('Copy success')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CardPortalSupport');
    } else {
      for (const id of ['wechat', 'telegram']) {
        await expect(dialog.getByTestId(`service-save-${id}`)).toHaveAttribute(
          'download',
          `card-portal-${id}.png`,
        );
      }
      await expect(dialog.getByTestId('service-open-telegram')).toHaveCount(0);
    }
    const download = page.waitForEvent('download');
    await dialog.getByTestId('service-save-wechat').click();
    expect((await download).suggestedFilename()).toBe('card-portal-wechat.png');
  });
});

test.describe('notices', () => {
  test('the carousel turns every 3 s and a notice opened from it is marked read', async ({
    page,
    account,
  }) => {
    await withoutTickerOnPhone(page);
    await signInWithStorage(page, account);
    const item = page.getByTestId('notice-carousel-item');
    const first = await item.getAttribute('data-notice-id');
    await expect(item).not.toHaveAttribute('data-notice-id', first ?? '', { timeout: 5000 });
    await expect(page.getByTestId('notice-carousel')).toHaveCSS('height', '50px');
    await expect.poll(() => unreadCount(page)).toBe(6);

    const shownId = await item.getAttribute('data-notice-id');
    await item.click();
    const dialog = page.getByTestId('notice-dialog');
    await expect(dialog.getByTestId('notice-reader')).toBeVisible();
    await expect(dialog.locator(`[data-notice-id="${shownId}"]`)).toHaveAttribute('data-read', 'true');
    await expect.poll(() => unreadCount(page)).toBe(5);
  });

  test('"more notices": the list beside the notice, read marking, closing clears the selection', async ({
    page,
    account,
  }) => {
    await signInWithStorage(page, account);
    await expect.poll(() => unreadCount(page)).toBe(6);
    await page.getByTestId('notices-more').click();
    const dialog = page.getByTestId('notice-dialog');
    const items = dialog.getByTestId('notice-list-item');
    await expect(items).toHaveCount(6);
    const box = await dialog.boundingBox();
    if (isPhone(page)) {
      // A full-height bottom sheet: the list first, the notice in its place.
      expect(box?.height ?? 0).toBeGreaterThan(780);
      await expect(dialog.getByTestId('notice-reader')).toHaveCount(0);
    } else {
      expect(Math.round(box?.width ?? 0)).toBe(900);
      await expect(dialog).toContainText('Choose a notice on the left to read it.');
    }
    await expectAccessible(page);

    await items.nth(1).click();
    const reader = dialog.getByTestId('notice-reader');
    await expect(reader.getByRole('heading')).toHaveText(
      'Security reminder: never share your 3-D Secure codes',
    );
    await expect(reader.getByTestId('notice-body').locator('li')).toHaveCount(3);
    await expect(reader.getByRole('link', { name: 'security@example.com' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect.poll(() => unreadCount(page)).toBe(5);
    if (isPhone(page)) {
      await dialog.getByTestId('notice-back').click();
      await expect(items.nth(1)).toHaveAttribute('data-read', 'true');
      await items.nth(1).click();
    } else {
      await expect(items.nth(1)).toHaveAttribute('data-read', 'true');
    }

    await dialog.getByTestId('sheet-close').click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('notices-more').click();
    await expect(page.getByTestId('notice-dialog').getByTestId('notice-reader')).toHaveCount(0);

    // Read state is the server's: still read after a reload.
    await page.reload();
    await expect.poll(() => unreadCount(page)).toBe(5);
  });

  test('the banner: the newest notice once, on home only, not in the carousel; one "I know" ends it', async ({
    page,
    account,
  }) => {
    await signInWithStorage(page, account);
    const banner = page.getByTestId('notice-banner');
    await expect(banner).toContainText('Scheduled maintenance this Sunday');
    const item = page.getByTestId('notice-carousel-item');
    if (isPhone(page)) {
      // One notice slot (issue 34 §2): the ticker stands in the carousel's place.
      await expect(page.getByTestId('header').getByTestId('notice-banner')).toBeVisible();
      await expect(page.getByTestId('notice-carousel')).toHaveCount(0);
    } else {
      // The carousel runs the other notices: over three turns it never shows the banner's title.
      for (let turn = 0; turn < 3; turn++) {
        await expect(item).not.toContainText('Scheduled maintenance this Sunday');
        await page.waitForTimeout(3100);
      }
    }
    // Not on other pages.
    await page.goto('/#/cardList');
    await expect(page.getByTestId('header-title')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/#/home');
    await expect(banner).toBeVisible();
    // One tap: no older banner notice follows, now or after a reload; it stays in the list.
    await banner.getByTestId('notice-banner-ok').click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('notice-carousel-item')).toBeVisible();
    await expect(page.getByTestId('notice-banner')).toHaveCount(0);
    await page.getByTestId('notices-more').click();
    await expect(
      page.getByTestId('notice-dialog').getByText('Scheduled maintenance this Sunday'),
    ).toBeVisible();
  });

  test('notices reload when the route becomes /home again', async ({ page, account }) => {
    await withoutTickerOnPhone(page);
    await signInWithStorage(page, account);
    await expect(page.getByTestId('notice-carousel-item')).toBeVisible();
    await page.goto('/#/noPermission');
    await expect(page.getByTestId('header-title')).toBeVisible();
    const reload = page.waitForRequest((request) => request.url().includes('/api/notice/list?'));
    await page.evaluate(() => {
      window.location.hash = '#/home';
    });
    await reload;
    await expect(page.getByTestId('notice-carousel-item')).toBeVisible();
  });
});

test('the language toggle switches the shell and the notices, and is remembered', async ({
  page,
  account,
}) => {
  await withoutTickerOnPhone(page);
  await signInWithStorage(page, account);
  await expect(page.getByTestId('notice-carousel-item')).toContainText(/[A-Za-z]/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('cn');
  // Notices are per language: the Chinese ones load.
  await expect(page.getByTestId('notice-carousel-item')).toContainText(/[\u4e00-\u9fff]/);
  await expect(page.getByTestId('footer')).toContainText('版本 1.0.0');
  await page.reload();
  await expect(page.getByTestId('footer')).toContainText('版本 1.0.0');
  await expectAccessible(page);
});

test('logout: a message, storage cleared except username and autoLogin, offline data cleared', async ({
  page,
  account,
}) => {
  await page.goto('/#/');
  await page.evaluate((email) => {
    localStorage.setItem('username', email);
    localStorage.setItem('autoLogin', 'true');
  }, account.email);
  await signInWithStorage(page, account);
  await expect(page.getByTestId('home-page')).toBeVisible();
  // The home page keeps an offline snapshot once its figures have loaded.
  await expect.poll(() => keyvalKeys(page)).not.toEqual([]);

  await openUserMenu(page);
  await page.getByTestId('user-logout').click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual([
    'autoLogin',
    'lang',
    'username',
  ]);
  await expect.poll(() => keyvalKeys(page)).toEqual([]);
  const apiCaches = await page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('api-')),
  );
  expect(apiCaches).toEqual([]);
  await expect(page.getByTestId('signin-email')).toHaveValue(account.email);
  // The session is dead on the server too.
  await page.goto('/#/home');
  await expect(page).toHaveURL(/#\/\?redirect=/);
});

test('inactivity: after 2 hours without activity the session ends', async ({ page, account }) => {
  await page.clock.install();
  await signInWithStorage(page, account);
  await expect(page.getByTestId('shell')).toBeVisible();
  expect(await page.evaluate(() => Number(localStorage.getItem('lastActivity')))).toBeGreaterThan(0);
  // Not yet after 1 h 59 min.
  await page.clock.fastForward('01:59:00');
  await expect(page.getByTestId('shell')).toBeVisible();
  await page.clock.fastForward('00:02:30');
  await expect(page.getByText('Login has timed out, please login again')).toBeVisible();
  await expect(page).toHaveURL(/#\/\?redirect=%2Fhome$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

/**
 * Screenshots for a visual check of the shell (home, the notice dialog, the drawer or side menu,
 * customer service), in both languages. Off by default: SHELL_SCREENSHOTS=1 saves them to
 * .tmp/screens/.
 */
for (const lang of ['en', 'cn'] as const) {
  test(`screenshots (${lang})`, async ({ page, account }, testInfo) => {
    test.skip(!process.env.SHELL_SCREENSHOTS, 'set SHELL_SCREENSHOTS=1 to take them');
    const shot = (name: string) =>
      page.screenshot({ path: `.tmp/screens/${testInfo.project.name}-${lang}-${name}.png` });
    await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
    await signInWithStorage(page, account);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('notice-banner')).toBeVisible();
    await page.waitForTimeout(800);
    await shot('home');
    await page.getByTestId('notices-more').click();
    await expect(page.getByTestId('notice-list-item').first()).toBeVisible();
    await page.waitForTimeout(600);
    await shot('notices-list');
    await page.getByTestId('notice-list-item').nth(1).click();
    await expect(page.getByTestId('notice-reader')).toBeVisible();
    await page.waitForTimeout(400);
    await shot('notice-open');
    await page.getByTestId('sheet-close').click();
    await expect(page.getByTestId('notice-dialog')).toBeHidden();
    if (isPhone(page)) {
      await page.getByTestId('tab-menu').click();
      await expect(page.getByTestId('drawer')).toBeVisible();
      await page.waitForTimeout(600);
      await shot('drawer');
      await page.getByTestId('drawer-close').click();
      await expect(page.getByTestId('drawer')).toBeHidden();
    }
    await openUserMenu(page);
    await shot('user-menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('service-button').click();
    await expect(page.getByTestId('service-qr-telegram')).toBeVisible();
    await page.waitForTimeout(600);
    await shot('service');
    await page.getByTestId('sheet-close').click();
    await page.goto('/#/noPermission');
    await expect(page.getByTestId('status-noPermission')).toBeVisible();
    await shot('no-permission');
  });
}
