/**
 * Issue 17 end to end, phone and desktop: agent A's invitation link opens sign-up for B (who sees
 * A's masked address), B tops up (WeChat order paid in the payment simulator) and opens a card, A
 * sees the commission pending with the day it becomes available; the agent programme's test clock
 * (the sandbox desk, demo mode only) lets the holding period pass, the commission becomes
 * available, and A withdraws to the wallet and to a bank card paid on the sandbox payout desk.
 * Screenshots of the page in both languages go to .tmp/.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { apiSignIn, expect, newEmail, outboxCode, PASSWORD, signInWithStorage, test } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { useLanguage } from './pwa-helpers';

let lastCodeAt = 0;

/** The agent programme's test clock: run the jobs, releasing as if `days` had passed. */
async function runJobs(request: APIRequestContext, days: number): Promise<void> {
  const ran = await request.post('/sandbox/api/agent/jobs', { data: { days } });
  expect(ran.ok()).toBe(true);
}

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `.tmp/agent-${name}-${info.project.name}.png`, fullPage: true });
}

async function withdraw(
  page: Page,
  request: APIRequestContext,
  email: string,
  target: 'wallet' | 'bank',
  yuan: string,
  beforeCode?: () => Promise<void>,
) {
  await page.getByTestId('agent-withdraw').click();
  const sheet = page.getByTestId('withdraw-sheet');
  await expect(sheet).toBeVisible();
  if (target === 'bank') await sheet.getByRole('tab', { name: 'To bank card' }).click();
  await page.getByTestId('withdraw-amount').fill(yuan);
  // Amount, rate, fee and net are on screen before the code is asked for.
  await expect(page.getByTestId('withdraw-net')).not.toHaveText('¥0.00');
  await beforeCode?.();
  // Codes of one purpose are mailed at most once a minute per address.
  await page.waitForTimeout(Math.max(0, lastCodeAt + 61_000 - Date.now()));
  const since = Date.now();
  lastCodeAt = since;
  await page.getByTestId('withdraw-send-code').click();
  await page.getByTestId('withdraw-code').fill(await outboxCode(request, email, since));
  await page.getByTestId('withdraw-confirm').click();
  if (target === 'bank') {
    // Money to a bank asks for the password again (the shared step-up sheet).
    await page.getByTestId('step-up-password').fill(PASSWORD);
    await page.getByTestId('step-up-submit').click();
  }
  await expect(sheet).toHaveCount(0);
}

test('an invitee’s fees become the agent’s commission, held, released and withdrawn to the wallet and a bank card', async ({
  page,
  browser,
  account,
}, info) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/rebate');
  await expect(page.getByTestId('rebate-page')).toBeVisible();
  const link = (await page.getByTestId('agent-link').textContent()) ?? '';
  expect(link).toMatch(/#\/signup\?code=\d{6}$/);
  await expect(page.getByTestId('agent-qr')).toBeVisible();
  await expect(page.getByTestId('agent-invitee-count')).toHaveText('0 invitees');

  // B opens A's link in a browser of their own and signs up with the code kept.
  const other = await browser.newContext({
    ...info.project.use,
    extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.1' },
  });
  const b = await other.newPage();
  await useLanguage(b, 'en');
  await b.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  const code = link.slice(-6);
  await expect(b.getByTestId('signup-invite')).toHaveValue(code);
  await expect(b.getByTestId('signup-inviter')).toHaveText(/^Invited by e\*\*\*@e\*\*\*\.com$/);
  const bEmail = newEmail('invitee');
  await b.getByTestId('signup-email').fill(bEmail);
  const since = Date.now();
  await b.getByTestId('signup-send-code').click();
  await b.getByTestId('signup-code').fill(await outboxCode(b.request, bEmail, since));
  await b.getByTestId('signup-password').fill(PASSWORD);
  await b.getByTestId('signup-confirm').fill(PASSWORD);
  await b.getByTestId('signup-agree').click();
  await b.getByTestId('signup-submit').click();
  // Sign-up signs the invitee in (issue 18 §5).
  await expect(b).toHaveURL(/#\/home$/);
  const bTokens = await apiSignIn(b.request, { email: bEmail, password: PASSWORD });
  // ¥10,000 top-up: fee ¥60.00 -> 20 % = ¥12.00; a $10 card: its opening and load fees, in USD.
  await fundCny(b.request, bTokens, 10_000);
  await openCard(b.request, bTokens);
  await other.close();

  await runJobs(page.request, 0);
  await page.reload();
  await expect(page.getByTestId('agent-invitee-count')).toHaveText('1 invitee');
  await expect(page.getByTestId('agent-pending-CNY')).toHaveText('¥12.00');
  // The card's opening and load fees follow the segment's schedule; their commission is in USD.
  await expect(page.getByTestId('agent-pending-USD')).not.toHaveText('$0.00');
  await expect(page.getByTestId('agent-available-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('invitation-row')).toHaveAttribute('data-stage', 'first_card');
  await expect(page.getByTestId('funnel-first_card')).toContainText('1');
  await page.getByRole('tab', { name: 'Commission' }).click();
  await expect(page.getByTestId('commission-row')).toHaveCount(3);
  await expect(page.getByTestId('commission-why').first()).toContainText(
    /^Available on \d{4}-\d{2}-\d{2}: held until/,
  );
  await shoot(page, info, 'pending-en');

  // Time passes: the holding period (7 days) is over.
  await runJobs(page.request, 8);
  await page.reload();
  await expect(page.getByTestId('agent-available-CNY')).toHaveText('¥12.00');
  await expect(page.getByTestId('agent-pending-CNY')).toHaveText('¥0.00');

  await withdraw(page, page.request, account.email, 'wallet', '2');
  await expect(page.getByTestId('agent-available-CNY')).toHaveText('¥10.00');

  // A bank card, then ¥10.00 to it: fee ¥2.00 (1 %, at least ¥2.00), ¥8.00 paid out.
  await page.getByRole('tab', { name: 'Bank cards' }).click();
  await page.getByTestId('bank-card-add').click();
  await page.getByTestId('bank-card-holder').fill('Ada Agent');
  await page.getByTestId('bank-card-bank').fill('ICBC');
  await page.getByTestId('bank-card-number').fill('4111 1111 1111 1112');
  await page.getByTestId('bank-card-save').click();
  await expect(page.getByTestId('bank-card-number')).toBeVisible(); // refused: not a valid number
  await page.getByTestId('bank-card-number').fill('4111 1111 1111 1111');
  await page.getByTestId('bank-card-save').click();
  await expect(page.getByTestId('bank-card-row')).toContainText('**** **** **** 1111');
  await withdraw(page, page.request, account.email, 'bank', '10', async () => {
    await expect(page.getByTestId('withdraw-fee')).toHaveText('¥2.00');
    await expect(page.getByTestId('withdraw-net')).toHaveText('¥8.00');
    await shoot(page, info, 'withdraw-sheet-en');
  });
  await expect(page.getByTestId('agent-available-CNY')).toHaveText('¥0.00');
  // Every figure adds up while the payout is on its way (issue 29 item 14): 12.00 earned =
  // 2.00 withdrawn to the wallet + 8.00 in payout + the 2.00 fee, which no longer vanishes.
  await expect(page.getByTestId('agent-in-payout-CNY')).toHaveText('¥8.00');
  await expect(page.getByTestId('agent-fees-CNY')).toHaveText('¥2.00');
  await expect(page.getByTestId('agent-withdrawn-CNY')).toHaveText('¥2.00');
  await expect(page.getByTestId('agent-earned-CNY')).toHaveText('¥12.00');
  await shoot(page, info, 'figures-in-payout-en');
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(page.locator('[data-testid="withdrawal-row"][data-target="bank_card"]')).toHaveAttribute(
    'data-status',
    'requested',
  );

  const desk = await page.context().newPage();
  await desk.goto('/sandbox/payouts');
  await desk.locator('article', { hasText: '8.00 CNY' }).getByRole('button', { name: 'Pay' }).first().click();
  await expect(desk.getByRole('status')).toBeVisible();
  await desk.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(page.locator('[data-testid="withdrawal-row"][data-target="bank_card"]')).toHaveAttribute(
    'data-status',
    'paid',
  );
  await expect(page.locator('[data-testid="withdrawal-row"][data-target="wallet"]')).toHaveAttribute(
    'data-status',
    'paid',
  );
  await shoot(page, info, 'withdrawals-en');
  // Paid: the net reached the bank, the fee stays a fee.
  await expect(page.getByTestId('agent-withdrawn-CNY')).toHaveText('¥10.00');
  await expect(page.getByTestId('agent-fees-CNY')).toHaveText('¥2.00');
  await expect(page.getByTestId('agent-in-payout-CNY')).toHaveCount(0);

  // The same page in Chinese.
  await page.evaluate(() => localStorage.setItem('lang', 'cn'));
  await useLanguage(page, 'cn');
  await page.reload();
  await expect(page.getByRole('heading', { name: '邀请返佣' })).toBeVisible();
  await expect(page.getByTestId('agent-available-CNY')).toHaveText('¥0.00');
  await expect(page.getByTestId('agent-fees-CNY')).toHaveText('¥2.00');
  await shoot(page, info, 'page-zh');
});
