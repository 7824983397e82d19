/**
 * Issue 34 §2 (the first screen) on the phone viewport, in both languages: with the notices, the
 * maintenance ticker and the identity prompt all present, the wallet still starts high on the
 * screen; the notices share one slot; the decline-rate meter is a one-line chip at zero payments;
 * a new account sees a three-step start (verify → top up → open a card) that ticks itself off from
 * the account's own figures.
 */
import { apiSignIn, expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { verifyBusinessByApi } from './identity-helpers';
import { fundCny, openCard } from './money-helpers';
import { shot } from './phone-pages';
import { useLanguage } from './pwa-helpers';

/** The wallet's top edge on a 390×844 phone (it was at y≈250–300 with everything showing). */
const WALLET_TOP_BUDGET_PX = 180;

const STEPS = {
  en: ['Verify your identity', 'Top up your wallet', 'Open a card'],
  cn: ['完成身份认证', '为钱包充值', '开一张卡'],
} as const;

test.slow();

for (const lang of ['en', 'cn'] as const) {
  test(`[${lang}] the first screen: one notice slot, one-line ticker and meter, the wallet high`, async ({
    page,
    account,
  }, info) => {
    await useLanguage(page, lang);
    // Money in and a card out, still unverified: the identity prompt is one line (the start is done).
    const tokens = await apiSignIn(page.request, account);
    await fundCny(page.request, tokens, 1_000);
    await openCard(page.request, tokens, 10);
    await signInWithStorage(page, account, '/#/home');
    const wallet = page.getByTestId('wallet');
    await expect(page.getByTestId('notice-banner')).toBeVisible();
    await expect(page.getByTestId('identity-banner')).toBeVisible();
    await expect(page.getByTestId('decline-chip')).toBeVisible();
    await expect(page.getByTestId('start-steps')).toHaveCount(0);
    await expect(wallet).toBeVisible();
    if (info.project.name === 'phone') {
      // One slot: the ticker stands in the carousel's place, not above or below it.
      await expect(page.getByTestId('notice-carousel')).toHaveCount(0);
      const ticker = await page.getByTestId('notice-banner').boundingBox();
      expect(ticker?.height ?? 0).toBeLessThanOrEqual(44);
      const chip = await page.getByTestId('decline-chip').boundingBox();
      expect(chip?.height ?? 0).toBeLessThanOrEqual(48);
      const box = await wallet.boundingBox();
      expect(box?.y ?? Infinity).toBeLessThanOrEqual(WALLET_TOP_BUDGET_PX);
    }
    await shot(page, `first-screen-${lang}`, info.project.name);
    await expectAccessible(page);
    // The chip opens the full meter; the ticker's "I know" gives the slot back to the carousel.
    await page.getByTestId('decline-chip').click();
    await expect(page.getByTestId('decline-meter')).toBeVisible();
    await page.getByTestId('notice-banner-ok').click();
    await expect(page.getByTestId('notice-banner')).toHaveCount(0);
    await expect(page.getByTestId('notice-carousel')).toBeVisible();
  });

  test(`[${lang}] a new account's three-step start ticks itself off`, async ({ page, account }, info) => {
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    await signInWithStorage(page, account, '/#/home');
    const steps = page.getByTestId('start-steps');
    const step = (name: string) => steps.getByTestId(`start-step-${name}`);
    await expect(steps.getByRole('listitem')).toHaveText(STEPS[lang].map((text) => new RegExp(text)));
    for (const name of ['verify', 'topUp', 'openCard'])
      await expect(step(name)).toHaveAttribute('data-done', 'false');
    await expect(step('verify').getByRole('link')).toHaveAttribute('href', '#/identity');
    if (info.project.name === 'phone') {
      const box = await page.getByTestId('wallet').boundingBox();
      expect(box?.y ?? Infinity).toBeLessThanOrEqual(WALLET_TOP_BUDGET_PX);
    }

    await fundCny(page.request, tokens, 1_000);
    await page.reload();
    await expect(step('topUp')).toHaveAttribute('data-done', 'true');
    await expect(step('openCard')).toHaveAttribute('data-done', 'false');
    await verifyBusinessByApi(page.request, account);
    await page.reload();
    await expect(step('verify')).toHaveAttribute('data-done', 'true');
    await expect(step('openCard').getByRole('link')).toHaveAttribute('href', '#/cardOpen');
    await shot(page, `start-steps-${lang}`, info.project.name);
    await expectAccessible(page);

    // All three done: the start goes away, and no identity prompt stands in for it.
    await openCard(page.request, tokens, 10);
    await page.reload();
    await expect(page.getByTestId('wallet')).toBeVisible();
    await expect(page.getByTestId('decline-chip')).toBeVisible();
    await expect(steps).toHaveCount(0);
    await expect(page.getByTestId('identity-banner')).toHaveCount(0);
  });
}
