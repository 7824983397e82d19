/**
 * Issue 32 §2 end to end: with the phone's push service unreachable (its subscribe() never
 * answers, as on an Android phone in mainland China), turning notifications on shows its progress
 * and the switch settles back to off within 10 s with the translated explanation, in Chinese and
 * English.
 */
import { expect, signInWithStorage, test } from './fixtures';
import { useLanguage, waitForController } from './pwa-helpers';

// The opt-in needs the service worker, which the config blocks for the other specs.
test.use({ serviceWorkers: 'allow' });

const TEXTS = {
  en: {
    connecting: "Connecting to this phone's push service",
    unreachable: 'could not be reached',
    off: 'Off',
  },
  cn: { connecting: '正在连接本机的推送服务', unreachable: '无法连接本机的推送服务', off: '已关闭' },
} as const;

for (const lang of ['cn', 'en'] as const) {
  test(`turning notifications on settles within 10 s when the push service cannot be reached (${lang})`, async ({
    page,
    context,
    account,
  }) => {
    await context.grantPermissions(['notifications']);
    await useLanguage(page, lang);
    // The push service is out of reach: the browser's subscribe() waits for ever.
    await page.addInitScript(() => {
      PushManager.prototype.subscribe = () => new Promise(() => {});
    });
    await signInWithStorage(page, account, '/#/cardList?otp=1');
    await waitForController(page);
    const toggle = page.getByTestId('push-switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('push-what')).toBeVisible();

    await toggle.click();
    const clicked = Date.now();
    await expect(page.getByTestId('push-connecting')).toContainText(TEXTS[lang].connecting);
    await expect(toggle).toBeDisabled();
    await expect(page.getByTestId('push-unreachable')).toContainText(TEXTS[lang].unreachable, {
      timeout: 12_000,
    });
    expect(Date.now() - clicked).toBeLessThan(11_000);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeEnabled();
    await expect(toggle).toContainText(TEXTS[lang].off);
    await expect(page.getByTestId('push-connecting')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`push-unreachable-${lang}.png`) });
  });
}
