/**
 * Issue 4 end to end, on the phone (its steps do not depend on the width; playwright.config): a WeChat top-up paid in the payment simulator in a second
 * page while the app watches on its own; a USDT order that expires; a USD transfer forecast
 * submitted with a proof image, rejected, resubmitted and approved on the review desk; and the
 * financial records filtered and exported, the file opened and its rows checked.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { fillDate } from './date-helpers';
import { verifyBusinessByApi } from './identity-helpers';
import { useLanguage } from './pwa-helpers';

const PROOF_IMAGE = 'public/icons/icon-192.png';

/** The open order of the page's sheet, as the simulator lists it. */
async function orderIdOnSheet(page: Page): Promise<string> {
  const text = (await page.getByTestId('recharge-order-id').textContent()) ?? '';
  const id = /R\d+/.exec(text)?.[0];
  if (!id) throw new Error(`no order number on the sheet: ${text}`);
  return id;
}

/** Opens the simulator in a second page of the same browser and presses one of an order's buttons. */
async function simulate(
  page: Page,
  email: string,
  orderId: string,
  button: 'Pay' | 'Expire now',
): Promise<void> {
  const simulator = await page.context().newPage();
  await simulator.goto(`/sandbox/payments?account=${encodeURIComponent(email)}`);
  const order = simulator.locator('li.order', { hasText: orderId });
  await order.getByRole('button', { name: button, exact: true }).click();
  await expect(simulator.locator('li.order', { hasText: orderId })).toHaveCount(0);
  await simulator.close();
}

test('a WeChat top-up paid in the simulator reaches the wallet without a reload', async ({
  page,
  account,
}) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/FinanceRechargeOnline?channel=wechat');

  await page.getByTestId('recharge-amount').fill('499.99');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByText('The minimum top-up is ¥500.00')).toBeVisible();
  await expect(page.getByTestId('recharge-sheet')).toHaveCount(0);

  await page.getByTestId('recharge-amount').fill('600');
  await expect(page.getByTestId('recharge-fee')).toHaveText('¥3.60');
  await expect(page.getByTestId('recharge-credit')).toHaveText('¥596.40');
  await page.getByTestId('recharge-submit').click();
  // A confirmation of amount, fee and credit comes first, and no order exists until it is confirmed.
  const confirm = page.getByTestId('topup-confirm');
  await expect(confirm.getByTestId('topup-confirm-amount')).toHaveText('¥600.00');
  await expect(confirm.getByTestId('topup-confirm-fee')).toHaveText('¥3.60');
  await expect(confirm.getByTestId('topup-confirm-credit')).toHaveText('¥596.40');
  await expectAccessible(page);
  const simulator = await page.context().newPage();
  await simulator.goto(`/sandbox/payments?account=${encodeURIComponent(account.email)}`);
  await expect(simulator.locator('li.order')).toHaveCount(0);
  await page.getByTestId('topup-confirm-cancel').click();
  await expect(page.getByTestId('topup-confirm')).toHaveCount(0);
  await simulator.reload();
  await expect(simulator.locator('li.order')).toHaveCount(0);
  await simulator.close();
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('topup-confirm-confirm').click();
  await expect(page.getByTestId('recharge-qr-image')).toBeVisible();
  await expect(page.getByTestId('recharge-order-amount')).toHaveText('¥600.00');
  await expectAccessible(page);
  const orderId = await orderIdOnSheet(page);

  await simulate(page, account.email, orderId, 'Pay');

  // The open page learns of the payment by itself (polling) and the wallet atom follows.
  await expect(page.getByTestId('recharge-success')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('recharge-success-credit')).toHaveText('¥596.40');
  await page.getByTestId('recharge-done').click();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-balance-CNY')).toHaveText('¥596.40');
});

test('a USDT order shows its one-time address and ends as expired', async ({ page, account }) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/FinanceRechargeOnline?channel=usdt_trc20');
  await page.getByTestId('recharge-amount').fill('120');
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('topup-confirm-confirm').click();
  await expect(page.getByTestId('recharge-address')).toContainText(/T[1-9A-HJ-NP-Za-km-z]{33}/);
  const orderId = await orderIdOnSheet(page);

  await simulate(page, account.email, orderId, 'Expire now');

  await expect(page.getByTestId('recharge-closed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('recharge-restart')).toBeVisible();
});

test('a USD transfer forecast is rejected, resubmitted and approved, then shows in the records and their export', async ({
  page,
  account,
}) => {
  test.slow(); // four actors' worth of steps: form, upload, review desk twice, records and export
  // USD transfers are for verified businesses (docs/decisions.md "Identity verification").
  await verifyBusinessByApi(page.request, account);
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/FinanceRechargeBank');
  await expect(page.getByTestId('bank-details')).toBeVisible();

  const bankTxnNo = `FT${Date.now().toString().slice(-8)}`;
  await page.getByTestId('forecast-amount').fill('99.99');
  await page.getByTestId('forecast-submit').click();
  await expect(page.getByTestId('forecast-amount-error')).toBeVisible();

  await page.getByTestId('forecast-amount').fill('1250.10');
  await fillDate(page, 'forecast-transferDate', '2026-11-20');
  await page.getByTestId('forecast-payerName').fill('ACME Trading LLC');
  await page.getByTestId('forecast-payerAccount').fill('000123456789');
  await page.getByTestId('forecast-bankName').fill('First Demo Bank');
  await page.getByTestId('forecast-bankArea').fill('United States');
  await page.getByTestId('forecast-bankTxnNo').fill(bankTxnNo);
  await page.getByTestId('forecast-proof').locator('input[type=file]').setInputFiles(PROOF_IMAGE);
  await expect(page.getByTestId('forecast-proof-preview')).toBeVisible();
  await page.getByTestId('forecast-submit').click();

  await expect(page).toHaveURL(/#\/financeAudit/);
  const row = page.getByTestId('forecast-row').first();
  await expect(row).toHaveAttribute('data-status', 'submitted');
  const forecastId = await row.getAttribute('data-forecast-id');

  const desk = await page.context().newPage();
  await desk.goto('/sandbox/forecasts');
  const waiting = desk.locator('article.card', { hasText: bankTxnNo }).last();
  await waiting.getByRole('textbox').fill('The receipt does not show the beneficiary.');
  await waiting.getByRole('button', { name: /reject/i }).click();
  // The desk's form posts and comes back to the page; reading the forecast before that is a race.
  await expect(desk).toHaveURL(/done=reject/);

  await page.reload();
  await expect(page.getByTestId('forecast-row').first()).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByTestId('forecast-reason').first()).toContainText('does not show the beneficiary');
  await page.getByTestId('forecast-resubmit').first().click();
  const sheet = page.getByTestId('forecast-resubmit-sheet');
  await sheet.getByTestId('forecast-description').fill('Receipt with the beneficiary attached');
  await sheet.getByTestId('forecast-submit').click();
  await expect(page.getByTestId('forecast-row').first()).toHaveAttribute('data-status', 'resubmitted');

  await desk.reload();
  await desk
    .locator('article.card', { hasText: bankTxnNo })
    .last()
    .getByRole('button', { name: /approve/i })
    .click();
  // Closing the page while its form post is under way can hang Chromium's mobile emulation.
  await expect(desk).toHaveURL(/done=approve/);
  await desk.close();

  await page.reload();
  const approved = page.locator(`[data-forecast-id="${forecastId}"]`).first();
  await expect(approved).toHaveAttribute('data-status', 'approved');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-balance-USD')).toHaveText('$1,250.10');
  await page.keyboard.press('Escape');

  // The records: filtered to transfers in, then exported as CSV and read back.
  await page.goto('/#/financeRecord');
  await expect(page.getByTestId('flow-row').first()).toBeVisible();
  // Phones fold the filters away behind a toggle; wide screens show them.
  const toggle = page.getByTestId('flow-filter-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await page.getByTestId('flow-filter-type').selectOption('transfer_in');
  await page.getByTestId('flow-filter-search').click();
  await expect(page.getByTestId('flow-row')).toHaveCount(1);
  await expect(page.getByTestId('flow-row').first()).toHaveAttribute('data-type', 'transfer_in');
  await expectAccessible(page);

  await page.getByTestId('flow-filter-export').click();
  await page.getByTestId('flow-export-csv').check();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('flow-export-download').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2); // the header and exactly the one filtered row
  expect(lines[1]).toContain('1250.10');
  expect(lines[1]).toContain(bankTxnNo);
});
