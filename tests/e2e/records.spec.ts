/**
 * Issue 18 §3 end to end, phone and desktop: the financial records read as sentences in the
 * reader's language, the details keep the identifiers, a language switch renames server-named
 * things at once (no reload), times say UTC+8, and an empty filter says what found nothing with no
 * export offered. Screenshots of the page in both languages go to .tmp/.
 */
import type { Page } from '@playwright/test';
import { apiSignIn, expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { useLanguage } from './pwa-helpers';

async function openDetails(page: Page, row: ReturnType<Page['getByTestId']>, phone: boolean): Promise<void> {
  if (phone) await row.click();
  else await row.locator('xpath=ancestor::tr').getByRole('button', { name: 'Details' }).click();
}

test('records read as sentences, keep their ids in the details, and follow a language switch at once', async ({
  page,
  account,
}, info) => {
  const phone = info.project.name === 'phone';
  const tokens = await apiSignIn(page.request, account);
  await fundCny(page.request, tokens, 1_000);
  await openCard(page.request, tokens);

  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/financeRecord');
  const list = page.getByTestId('flow-list');
  const opening = list
    .getByTestId('flow-row')
    .filter({ hasText: 'Card opened from Visa 428837 · Subscriptions' });
  await expect(opening).toHaveCount(1);
  const topup = list
    .getByTestId('flow-row')
    .filter({ hasText: /^(Top-up)?Top-up by WeChat Pay, order R\d+$/ });
  await expect(topup).toHaveCount(1);
  // No internal code is left on the page.
  await expect(list).not.toContainText('wechat R');
  await expect(list).not.toContainText('visa-428837');
  await expect(list).toContainText('UTC+8');
  await page.screenshot({ path: `.tmp/records-en-${info.project.name}.png`, fullPage: true });
  await expectAccessible(page);

  await openDetails(page, topup, phone);
  const details = page.getByTestId('flow-detail');
  await expect(details.getByTestId('flow-detail-reference')).toHaveText(/^wechat R\d+$/);
  await expect(details.getByTestId('flow-detail-txn')).toHaveText(/\S+/);
  await details.getByTestId('sheet-close').click();

  // The language changes in place: the server's sentences and segment names follow, without reload.
  const marker = await page.evaluate(() => ((window as { __noReload?: number }).__noReload = Date.now()));
  await page.getByTestId('language-toggle').first().click();
  await expect(
    list.getByTestId('flow-row').filter({ hasText: '从 Visa 428837 · 订阅服务 开卡' }),
  ).toHaveCount(1);
  await expect(list.getByTestId('flow-row').filter({ hasText: /微信支付充值，订单 R\d+/ })).toHaveCount(1);
  expect(await page.evaluate(() => (window as { __noReload?: number }).__noReload)).toBe(marker);
  await page.screenshot({ path: `.tmp/records-zh-${info.project.name}.png`, fullPage: true });

  // A filter that finds nothing says which one, and offers no export.
  if (phone) await page.getByTestId('flow-filter-toggle').click();
  await page.getByTestId('flow-filter-type').selectOption('rebate');
  await page.getByTestId('flow-filter-search').click();
  await expect(page.getByTestId('flow-list-empty')).toContainText('没有 类型为「返佣」的财务明细');
  await expect(page.getByTestId('flow-filter-export')).toHaveCount(0);
});
