/**
 * Issue 3 §5 end to end, in the phone viewport (its steps do not depend on the width; playwright.config): the home overview of a new account —
 * both balances at zero with two decimals, the zero overview, the chart's honest empty state,
 * quick actions — in both languages, plus the install card.
 */
import { expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { offerInstall, useLanguage } from './pwa-helpers';

test('a new account sees ¥0.00 and $0.00, a zero overview and the empty chart', async ({ page, account }) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);

  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('wallet-USD')).toHaveText('$0.00');
  await expect(page.getByTestId('cards-total')).toHaveText('0');
  await expect(page.getByTestId('monthSpend-USD')).toHaveText('$0.00');
  await expect(page.getByTestId('monthTopUp-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('chart-empty')).toContainText('No spend or top-ups in the last 30 days');
  await expect(page.getByTestId('chart-svg')).toHaveCount(0);
  // Quick actions lead to the pages that exist.
  await expect(page.getByTestId('action-FinanceRecharge')).toHaveAttribute('href', '#/FinanceRecharge');
  await expect(page.getByTestId('action-cardOpen')).toHaveAttribute('href', '#/cardOpen');
  await expect(page.getByTestId('action-cardOpen')).toHaveAccessibleName(/Open a card/);
  await expect(page.getByRole('link', { name: 'My cards' })).toHaveAttribute('href', '#/cardList');
  // A new account's three-step start leads to the same page (issue 34 §2).
  await expect(page.getByTestId('start-step-openCard').getByRole('link')).toHaveAttribute(
    'href',
    '#/cardOpen',
  );
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('home-en.png'), fullPage: true });
});

test('the home page speaks Chinese by default', async ({ page, account }) => {
  await signInWithStorage(page, account);
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
  await expect(page.getByText('CNY 账户')).toBeVisible();
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('chart-empty')).toContainText('近 30 天没有消费或充值');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('home-cn.png'), fullPage: true });
});

test('the install card offers installation and remembers "Not now"', async ({ page, account }) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');

  await offerInstall(page);
  const card = page.getByRole('complementary', { name: 'Install Card Portal' });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await card.screenshot({ path: test.info().outputPath('install-card.png') });

  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pwaInstallDismissed'))).not.toBeNull();

  await page.reload();
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await offerInstall(page);
  await expect(page.getByTestId('install-card')).toHaveCount(0);
});

test('"Install" opens the browser\'s dialog once', async ({ page, account }) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');
  await offerInstall(page, 'accepted');
  await page.getByTestId('install-accept').click();
  await expect(page.getByTestId('install-card')).toHaveCount(0);
  // Accepting is not a dismissal.
  expect(await page.evaluate(() => localStorage.getItem('pwaInstallDismissed'))).toBeNull();
});

test('the page appears in one piece: nothing on it moves while its answers arrive', async ({
  page,
  account,
}) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account);
  await expect(page.getByTestId('wallet-CNY')).toHaveText('¥0.00');

  // The answers arrive in a spread-out order, as on a slow network; every layout shift of the
  // load is summed as the browser reports it (the figure Lighthouse calls CLS).
  const late: Record<string, number> = { overview: 200, userNotice: 500, declineRate: 800 };
  for (const [path, ms] of Object.entries(late)) {
    await page.route(`**/api/**/${path}*`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();

  // Well under the limit the meter is its one-line chip (issue 34 §2).
  await expect(page.getByTestId('decline-chip')).toBeVisible();
  await expect(page.getByTestId('notice-banner')).toBeVisible();
  await expect(page.getByTestId('cards-total')).toHaveText('0');
  // Long enough for anything still arriving to be drawn.
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  // The unread badge appearing beside "More" moves its button by a few pixels (≈ 0.0003).
  expect(total, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.005);
});
