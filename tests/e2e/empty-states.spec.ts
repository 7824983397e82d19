/**
 * Issue 18 §3 and §4 as a customer sees them, phone and desktop, both languages: a new account's
 * lists say what will appear and offer the first card; filters that find nothing are named in a
 * sentence, with "Clear filters" and no export; the USD transfer date is chosen in the app's own
 * picker. Saves screenshots for review (test-results/empty-states).
 */
import type { Page } from '@playwright/test';
import { productToday } from '../../src/web/lib/product-time';
import { fillDate } from './date-helpers';
import { expect, signInWithStorage, test } from './fixtures';
import { verifyBusinessByApi } from './identity-helpers';
import { useLanguage } from './pwa-helpers';

const LANGS = [
  {
    lang: 'en',
    firstCard: 'No cards yet. Cards you open appear here.',
    openCard: 'Open a card',
    noMerchant: 'No authorizations with merchant containing “zzz”',
    resubmitted: 'Resubmitted',
    noResubmitted: 'No forecasts with status Resubmitted',
    firstForecast: 'No transfer forecasts yet.',
    clear: 'Clear filters',
    future: 'The transfer date cannot be in the future',
    pickerConfirm: 'Confirm',
  },
  {
    lang: 'cn',
    firstCard: '还没有卡片，开卡后会显示在这里。',
    openCard: '去开卡',
    noMerchant: '没有 商户包含「zzz」的授权记录',
    resubmitted: '已重新提交',
    noResubmitted: '没有 状态为「已重新提交」的汇款预报',
    firstForecast: '暂无汇款预报。',
    clear: '清除筛选条件',
    future: '转账日期不能晚于今天',
    pickerConfirm: '确定',
  },
] as const;

/** Opens the phone's folded filter panel; wide screens show the fields at once. */
async function openFilters(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toBeVisible(); // the page has drawn its filters
  const toggle = page.getByTestId(`${testId}-toggle`);
  if (await toggle.isVisible()) await toggle.click();
}

for (const text of LANGS) {
  test(`empty lists name what was asked and offer no export (${text.lang})`, async ({
    page,
    account,
  }, info) => {
    test.slow(); // three lists, each shot
    const shot = (name: string) =>
      page.screenshot({ path: `test-results/empty-states/${name}-${text.lang}-${info.project.name}.png` });
    await useLanguage(page, text.lang);

    // First use: what will appear, and the action that creates the first card.
    await signInWithStorage(page, account, '/#/cardList');
    const cards = page.getByTestId('card-list-empty');
    // The first load of a new account may be slow on a busy machine.
    await expect(cards.getByTestId('card-list-empty-text')).toHaveText(text.firstCard, { timeout: 20_000 });
    await expect(cards.getByTestId('card-list-empty-action')).toHaveText(text.openCard);
    await expect(page.getByTestId('card-filter-export')).toHaveCount(0);
    await shot('card-list-first-use');

    // A filter that finds nothing is named; no export of zero rows.
    await page.goto('/#/cardRecord');
    await openFilters(page, 'records-filter');
    await page.getByTestId('records-filter-merchant').fill('zzz');
    await page.getByTestId('records-filter-search').click();
    await expect(page.getByTestId('records-list-empty-text')).toHaveText(text.noMerchant);
    await expect(page.getByTestId('records-filter-export')).toHaveCount(0);
    await page.getByTestId('records-list-empty').scrollIntoViewIfNeeded();
    await shot('card-records-filtered');

    await page.goto('/#/financeAudit');
    await page.getByRole('tab', { name: text.resubmitted }).click();
    await expect(page.getByTestId('forecast-list-empty-text')).toHaveText(text.noResubmitted);
    await shot('forecasts-filtered');
    await page.getByRole('button', { name: text.clear }).click();
    await expect(page.getByTestId('forecast-list-empty-text')).toContainText(text.firstForecast);
    await expect(page.getByRole('tab', { selected: true })).not.toHaveText(text.resubmitted);
  });

  test(`the transfer date is picked in the app's picker (${text.lang})`, async ({ page, account }, info) => {
    const shot = (name: string) =>
      page.screenshot({ path: `test-results/empty-states/${name}-${text.lang}-${info.project.name}.png` });
    await verifyBusinessByApi(page.request, account);
    await useLanguage(page, text.lang);
    await signInWithStorage(page, account, '/#/FinanceRechargeBank');
    const field = page.getByTestId('forecast-transferDate');
    await expect(field).toBeVisible();
    await expect(field).not.toHaveAttribute('type', 'date');

    const phone = await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches);
    // The picker opens on today (its last day) in the reader's language.
    await page.getByTestId('forecast-transferDate-open').click();
    await expect(page.locator('.adm-picker')).toContainText(text.pickerConfirm);
    await page.waitForTimeout(400); // the sheet's opening animation
    await shot('transfer-date-picker');
    await page.locator('.adm-picker-header-button').first().click();
    await expect(page.locator('.adm-picker')).toBeHidden();

    const today = productToday();
    const earlier = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    await fillDate(page, 'forecast-transferDate', earlier);
    if (phone) {
      // No keyboard slides up over the picker on a phone.
      await expect(field).toHaveAttribute('inputmode', 'none');
      return;
    }
    // A keyboard may type a later day; the form refuses it in the reader's language.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await field.fill(tomorrow);
    await page.getByTestId('forecast-submit').click();
    await expect(page.getByTestId('forecast-transferDate-error')).toHaveText(text.future);
    await shot('transfer-date-future');
  });
}
