/**
 * Offline viewing (issue 18 §5): the card list seen online is kept (first page, no secrets) and,
 * offline, shown read only with its age while moving around inside the app (hash routes, no
 * reload); the banner says what is true of each page — saved data with its age, or "needs the
 * network"; the revealed card number and CVV never reach IndexedDB; back online the live list
 * returns. Screenshots of the offline list in both languages, on the phone and the desktop.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, signInWithStorage, test, type Account } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { keyvalKeys, useLanguage, waitForController, type Lang } from './pwa-helpers';

// This spec tests the service worker, which the config blocks for the others.
test.use({ serviceWorkers: 'allow' });

function isPhone(info: TestInfo): boolean {
  return info.project.name === 'phone';
}

/** Moves inside the app as its links do: a new hash, no reload. */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
}

/** Everything idb-keyval's store holds, keys and values, as one JSON text. */
async function keyvalDump(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        // Looking must not create the database (see keyvalKeys in pwa-helpers).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve('');
            return;
          }
          const store = db.transaction('keyval').objectStore('keyval');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(JSON.stringify({ keys: keys.result, values: values.result }));
          };
          values.onerror = () => resolve('');
        };
      }),
  );
}

/** Two cards opened through the API, then the card list open and loaded. */
async function cardsOnline(page: Page, account: Account, lang: Lang) {
  await useLanguage(page, lang);
  const tokens = await signInWithStorage(page, account);
  await waitForController(page);
  await fundCny(page.request, tokens, 600);
  const first = await openCard(page.request, tokens, 10);
  const second = await openCard(page.request, tokens, 12);
  await go(page, '#/cardList');
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await expect.poll(() => keyvalKeys(page)).toContain(`cards-snapshot:${await userIdOf(page)}`);
  return [second, first];
}

async function userIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { userId: string }).userId,
  );
}

/** Reveals the first card's number and CVV (after the password), then hides them again. */
async function revealDetails(page: Page, info: TestInfo, account: Account) {
  const row = page.getByTestId('card-row').first();
  if (isPhone(info)) {
    await row.click();
    await page.getByTestId('card-screen').getByTestId('quick-details').click();
  } else {
    await row.getByTestId('row-more').click();
    await page.getByTestId('action-details').click();
  }
  await page.getByTestId('details-reveal').click();
  await page.getByTestId('step-up-password').fill(account.password);
  await page.getByTestId('step-up-submit').click();
  await expect(page.getByTestId('details-pan')).toHaveText(/^[\d ]{16,23}$/);
  const pan = ((await page.getByTestId('details-pan').textContent()) ?? '').replace(/\s/g, '');
  const cvv = ((await page.getByTestId('details-cvv').textContent()) ?? '').trim();
  await page.getByTestId('details-hide').click();
  await page.getByTestId('details-sheet').getByTestId('sheet-close').click();
  await expect(page.getByTestId('details-sheet')).toHaveCount(0);
  if (isPhone(info)) {
    await page.getByTestId('card-screen').getByTestId('sheet-close').click();
    await expect(page.getByTestId('card-screen')).toHaveCount(0);
  }
  return { pan, cvv };
}

test('offline: the saved card list with its age, honest banners, no card number stored, live again online', async ({
  page,
  context,
  account,
}, info) => {
  const [newest] = await cardsOnline(page, account, 'en');
  const { pan, cvv } = await revealDetails(page, info, account);
  expect(pan).toMatch(/^\d{16}$/);

  await context.setOffline(true);

  // Home keeps its own snapshot: the banner says this page shows saved data, with its age.
  await go(page, '#/home');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText(
    /^You are offline\. This page shows data saved (just now|\d+ min ago); actions that need the network are unavailable\.$/,
  );

  // Back to the cards, inside the app: the saved list, read only, dated.
  await go(page, '#/cardList');
  const saved = page.getByTestId('card-list-saved');
  await expect(saved).toBeVisible();
  await expect(saved.getByTestId('saved-card-row')).toHaveCount(2);
  await expect(saved.getByTestId('card-last4').first()).toHaveText(`•••• ${newest!.last4}`);
  await expect(saved).toContainText('2 cards, as they last loaded. Read only: actions need the network.');
  const age = page.getByTestId('card-list-saved-age');
  await expect(age).toHaveText(/^Saved (just now|\d+ min ago)$/);
  await expect(age).toHaveAttribute('title', /^Saved at .+ \d\d:\d\d UTC\+8$/);
  await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-shows', 'saved');
  await expect(page.getByTestId('offline-banner')).toContainText('This page shows data saved');
  await expect(page.getByTestId('card-row')).toHaveCount(0);
  await expect(page.getByTestId('toggle-select')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({
    path: info.outputPath(`cards-offline-en-${info.project.name}.png`),
    fullPage: true,
  });

  // A tap shows the exact time.
  await age.click();
  await expect(age).toHaveText(/^Saved at .+ UTC\+8$/);

  // The revealed number and CVV were never written to IndexedDB; only list fields were.
  const dump = await keyvalDump(page);
  expect(dump).toContain(`cards-snapshot:`);
  expect(dump).toContain(newest!.last4);
  expect(dump).not.toContain(pan);
  expect(dump).not.toContain(`"${cvv}"`);
  expect(dump).not.toMatch(/"\d{13,19}"/);
  expect(dump).not.toMatch(/"(pan|cvv|expiryMonth|expiryYear|holderName|access_token|refresh_token)"/i);

  // A page with nothing saved says it needs the network.
  await go(page, '#/cardRecord');
  await expect(page.getByTestId('offline-banner')).toHaveText(
    'You are offline. This page needs the network; it will load when you are back online.',
  );
  await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-shows', 'nothing');

  // Back online on the card list: the live list returns, the saved copy goes.
  await go(page, '#/cardList');
  await expect(saved).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('online-banner')).toHaveText('Back online');
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await expect(page.getByTestId('card-list-saved')).toHaveCount(0);
});

test('offline card list in Chinese', async ({ page, context, account }, info) => {
  await cardsOnline(page, account, 'cn');
  await context.setOffline(true);
  await go(page, '#/home');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await go(page, '#/cardList');
  await expect(page.getByTestId('card-list-saved').getByTestId('saved-card-row')).toHaveCount(2);
  await expect(page.getByTestId('card-list-saved-age')).toHaveText(/^保存于 (不到 1 分钟前|\d+ 分钟前)$/);
  await expect(page.getByTestId('offline-banner')).toHaveText(
    /^当前处于离线状态：本页显示的数据保存于 (不到 1 分钟前|\d+ 分钟前)，需要网络的操作暂不可用。$/,
  );
  await expectAccessible(page);
  await page.screenshot({
    path: info.outputPath(`cards-offline-zh-${info.project.name}.png`),
    fullPage: true,
  });

  await go(page, '#/cardRecord');
  await expect(page.getByTestId('offline-banner')).toHaveText(
    '当前处于离线状态：本页需要网络，恢复联网后将自动加载。',
  );
  await context.setOffline(false);
});
