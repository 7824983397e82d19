/**
 * Issue 34 §7, phone and desktop, both languages: once the chain has seen a USDT payment, the
 * order's sheet shows sent → confirming → credited in place of the QR code and the address (no
 * second payment invited), then the success screen when the simulator confirms it.
 */
import type { Page } from '@playwright/test';
import { expect, signInWithStorage, test } from './fixtures';
import { useLanguage } from './pwa-helpers';

const WORDS = {
  'zh-CN': { steps: ['已发送', '链上确认中', '已入账'], note: '请勿再向该地址转账' },
  en: { steps: ['Sent', 'Confirming on chain', 'Credited'], note: 'Do not send USDT to its address again' },
} as const;

/** Presses one of the order's buttons in the payment simulator, in a second page. */
async function simulate(page: Page, email: string, orderId: string, button: 'Pay' | 'Confirm now') {
  const simulator = await page.context().newPage();
  await simulator.goto(`/sandbox/payments?account=${encodeURIComponent(email)}`);
  await simulator
    .locator('li.order', { hasText: orderId })
    .getByRole('button', { name: button, exact: true })
    .click();
  await simulator.waitForLoadState();
  await simulator.close();
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`a USDT order on chain shows its progress instead of the address (${lang})`, async ({
    page,
    account,
  }, info) => {
    // Two trips to the simulator, each followed by the app's own polling (not a reload): on a busy
    // machine the pair alone can take most of the default minute.
    test.slow();
    const words = WORDS[lang];
    await useLanguage(page, lang === 'en' ? 'en' : 'cn');
    await signInWithStorage(page, account, '/#/FinanceRechargeOnline?channel=usdt_trc20');
    await page.getByTestId('recharge-amount').fill('120');
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('topup-confirm-confirm').click();
    await expect(page.getByTestId('recharge-address')).toBeVisible();
    await expect(page.getByTestId('recharge-qr')).toBeVisible();
    const orderId = /R\d+/.exec((await page.getByTestId('recharge-order-id').textContent()) ?? '')?.[0] ?? '';
    expect(orderId).not.toBe('');

    await simulate(page, account.email, orderId, 'Pay');

    // The app's own polling brings the chain's state: no reload.
    const progress = page.getByTestId('recharge-chain-progress');
    await expect(progress).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('recharge-status')).toHaveAttribute('data-status', 'confirming');
    await expect(page.getByTestId('recharge-address')).toHaveCount(0);
    await expect(page.getByTestId('recharge-qr')).toHaveCount(0);
    await expect(page.getByTestId('recharge-save-qr')).toHaveCount(0);
    await expect(page.getByTestId('recharge-copy-address')).toHaveCount(0);
    const steps = progress.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    for (const [index, title] of words.steps.entries()) await expect(steps.nth(index)).toContainText(title);
    await expect(steps.nth(0)).toHaveAttribute('data-state', 'done');
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(2)).toHaveAttribute('data-state', 'todo');
    await expect(page.getByTestId('recharge-chain-note')).toContainText(words.note);
    await page.screenshot({ path: `.tmp/shots/usdt-progress-${info.project.name}-${lang}.png` });

    await simulate(page, account.email, orderId, 'Confirm now');
    await expect(page.getByTestId('recharge-success')).toBeVisible({ timeout: 20_000 });
  });
}
