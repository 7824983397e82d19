/**
 * Issue 18 §4 as a customer sees it, phone and desktop, both languages: the password meter on
 * sign-up, the confirmation of a top-up, and the app's own date picker. Saves screenshots for
 * review (test-results/input-screens) and checks what each shows.
 */
import { expect, signInWithStorage, test } from './fixtures';
import { useLanguage } from './pwa-helpers';

const LANGS = [
  { lang: 'cn', confirm: '确认并创建订单', pickerConfirm: '确定', strong: '密码强度：' },
  { lang: 'en', confirm: 'Confirm and create order', pickerConfirm: 'Confirm', strong: 'Strength: ' },
] as const;

for (const { lang, confirm, pickerConfirm, strong } of LANGS) {
  test(`sign-up meter, top-up confirmation and date picker (${lang})`, async ({ page, account }, info) => {
    test.slow(); // three screens, each loaded and shot
    const shot = (name: string) =>
      page.screenshot({ path: `test-results/input-screens/${name}-${lang}-${info.project.name}.png` });
    await useLanguage(page, lang);

    await page.goto('/#/signup');
    await page.getByTestId('signup-password').fill('CardPortal#2026');
    await expect(page.getByTestId('password-strength')).toContainText(strong);
    await shot('signup-meter');

    await signInWithStorage(page, account, '/#/FinanceRechargeOnline?channel=wechat');
    await page.getByTestId('recharge-amount').fill('600');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('topup-confirm-confirm')).toHaveText(confirm);
    await expect(page.getByTestId('topup-confirm-credit')).toHaveText('¥596.40');
    await shot('topup-confirm');
    await page.getByTestId('topup-confirm-cancel').click();

    await page.goto('/#/financeRecord');
    // Phones show the filters folded behind a toggle; wide screens show them at once.
    const start = page.getByTestId('flow-filter-start-open');
    const toggle = page.getByTestId('flow-filter-toggle');
    await expect(start.or(toggle).first()).toBeVisible();
    if (!(await start.isVisible())) await toggle.click();
    await page.getByTestId('flow-filter-start-open').click();
    await expect(page.locator('.adm-picker')).toContainText(pickerConfirm);
    await page.waitForTimeout(400); // the sheet's opening animation
    await shot('date-picker');
    const button = await page.getByTestId('flow-filter-start-open').boundingBox();
    expect(button?.width).toBeGreaterThanOrEqual(44);
    expect(button?.height).toBeGreaterThanOrEqual(44);
  });
}
