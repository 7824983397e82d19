/**
 * Passkeys (issue 32 §4) in Chromium with its virtual authenticator (CDP WebAuthn domain), on the
 * phone and desktop projects, in Chinese and English: a passkey added on the account page, a card
 * reveal confirmed with it, a second reveal inside the reveal window asking nothing (the window is
 * stated on screen), a reveal after the window asking again, and a sign-in with the passkey.
 *
 * WebAuthn refuses IP addresses as relying parties, so this file runs on `localhost` (the demo
 * server's relying party). The test server's window is REVEAL_WINDOW_SECONDS=60 (playwright.config:
 * a test-only setting that production ignores) so the end of the window can be waited for.
 */
import type { CDPSession, Page, TestInfo } from '@playwright/test';
import { expect, signInWithStorage, test } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { useLanguage } from './pwa-helpers';

const PORT = Number(process.env.E2E_PORT ?? 8181);
test.use({ baseURL: `http://localhost:${PORT}` });

const isPhone = (info: TestInfo) => info.project.name === 'phone';

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function openDetails(page: Page, info: TestInfo) {
  const row = page.getByTestId('card-row').first();
  if (isPhone(info)) {
    await row.click();
    await page.getByTestId('card-screen').getByTestId('quick-details').click();
  } else {
    await row.getByTestId('row-more').click();
    await page.getByTestId('action-details').click();
  }
  await expect(page.getByTestId('details-sheet')).toBeVisible();
}

const TEXT = {
  cn: { window: /再次查看无需验证，剩余 [01]:\d\d/, added: /Chrome/ },
  en: { window: /No confirmation needed to view again: [01]:\d\d left/, added: /Chrome/ },
} as const;

for (const lang of ['cn', 'en'] as const) {
  test(`passkeys (${lang}): add one, confirm a reveal with it, the reveal window, sign in with it`, async ({
    page,
    account,
  }, info) => {
    test.setTimeout(300_000);
    await useLanguage(page, lang);
    await virtualAuthenticator(page);
    const tokens = await signInWithStorage(page, account, '/#/account/passkeys');
    await fundCny(page.request, tokens, 600);
    await openCard(page.request, tokens, 10);

    // Added on the account page, named after the browser, listed with its last use.
    await page.getByTestId('passkey-add').click();
    await expect(page.getByTestId('passkey-item')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('passkey-name')).toHaveText(TEXT[lang].added);
    await page.getByTestId('passkeys').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/passkeys-${info.project.name}-${lang}-account.png` });

    // A reveal asks for the step-up; the passkey answers it.
    await page.goto('/#/cardList');
    await openDetails(page, info);
    await page.getByTestId('details-reveal').click();
    await expect(page.getByTestId('step-up-sheet')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('step-up-passkey').click();
    await expect(page.getByTestId('details-pan')).toHaveText(/^[\d ]{16,23}$/, { timeout: 30_000 });
    await expect(page.getByTestId('details-window')).toHaveText(TEXT[lang].window);
    await page.screenshot({ path: `test-results/passkeys-${info.project.name}-${lang}-window.png` });

    // Inside the window the next reveal asks nothing.
    await page.getByTestId('details-hide').click();
    await expect(page.getByTestId('details-window')).toBeVisible();
    await page.getByTestId('details-reveal').click();
    await expect(page.getByTestId('details-pan')).toHaveText(/^[\d ]{16,23}$/, { timeout: 30_000 });
    await expect(page.getByTestId('step-up-sheet')).toHaveCount(0);
    await page.getByTestId('details-hide').click();

    // After the window (the server's clock decides) it asks again.
    await expect(page.getByTestId('details-window')).toHaveCount(0, { timeout: 90_000 });
    await page.getByTestId('details-reveal').click();
    await expect(page.getByTestId('step-up-sheet')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('step-up-passkey').click();
    await expect(page.getByTestId('details-pan')).toHaveText(/^[\d ]{16,23}$/, { timeout: 30_000 });

    // Signed out, the passkey signs in without an address typed.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/#/');
    await useLanguage(page, lang);
    await page.getByTestId('signin-passkey').click();
    await expect(page).toHaveURL(/#\/home/, { timeout: 20_000 });
    const log = (await (
      await page.request.get('/api/user/LoginLog?pageNo=1&pageSize=5', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json()) as { data: { data: { method: string; result: string }[] } };
    const entries = log.data.data;
    expect(entries.some((e) => e.method === 'passkey' && e.result === 'success')).toBe(true);
  });
}
