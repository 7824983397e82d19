/**
 * Issue 32 §1 end to end, in Chinese and English: a 3-D Secure challenge sent from the card-spend
 * simulator while home, the card list or a record page is open shows its code there within a second
 * (the live stream), the badges count it, and a decline shows its notice with a link to the record.
 */
import type { Page } from '@playwright/test';
import { apiSignIn, expect, signInWithStorage, test } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { useLanguage } from './pwa-helpers';

/** Resolves once the app's live stream answered (its headers arrive when the stream opens). */
function streamOpened(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
    { timeout: 20_000 },
  );
}

const spaced = (code: string) => code.replace(/(\d{3})(\d{3})/, '$1 $2');

const TEXTS = {
  en: { title: '3-D Secure code', copy: 'Tap to copy', declined: 'Payment declined' },
  cn: { title: '3DS 验证码', copy: '点击复制', declined: '支付被拒绝' },
} as const;

for (const lang of ['cn', 'en'] as const) {
  test(`a challenge shows its code on home, the card list and a record page within a second (${lang})`, async ({
    page,
    account,
  }) => {
    test.slow(); // three screens, a card opened through the API
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    await fundCny(page.request, tokens, 1_000);
    const card = await openCard(page.request, tokens, 10);

    const challenge = async (merchant: string, amount: number) => {
      const answer = await page.request.post(`/sandbox/api/cards/${card.id}/challenge`, {
        form: { amount: String(amount), merchant },
      });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { code: string }).code;
    };
    const expectCode = async (code: string, merchant: string) => {
      const alert = page.getByTestId('live-code');
      await expect(page.getByTestId('live-code-value')).toContainText(spaced(code), { timeout: 1_000 });
      await expect(alert).toContainText(TEXTS[lang].title);
      await expect(page.getByTestId('live-code-merchant')).toHaveText(merchant);
      await expect(page.getByTestId('live-code-card')).toContainText(card.last4);
      await expect(page.getByTestId('live-code-value')).toContainText(TEXTS[lang].copy);
      await expect(page.getByTestId('live-code-left')).toHaveText(/0[45]:\d\d/);
    };

    const opened = streamOpened(page);
    await signInWithStorage(page, account, '/#/home');
    await opened;
    await expect(page.getByTestId('action-otp')).toBeVisible();
    const first = await challenge('Spotify', 2_599);
    await expectCode(first, 'Spotify');
    await expect(page.getByTestId('live-code')).toContainText('$25.99');
    await expect(page.getByTestId('action-otp-badge')).toHaveAttribute('data-count', '1');
    await page.screenshot({ path: test.info().outputPath(`home-${lang}.png`) });
    await page.getByTestId('live-code-dismiss').click();
    await expect(page.getByTestId('live-code')).toHaveCount(0);

    await page.goto('/#/cardList');
    await expect(page.getByTestId('card-list-page')).toBeVisible();
    await expect(page.getByTestId('open-3ds-badge')).toHaveAttribute('data-count', '1');
    const second = await challenge('Netflix', 1_500);
    await expectCode(second, 'Netflix');
    await expect(page.getByTestId('open-3ds-badge')).toHaveAttribute('data-count', '2');
    // The first code was hidden on home: only the new one shows, with nothing "more".
    await expect(page.getByTestId('live-code-more')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`card-list-${lang}.png`) });

    await page.goto('/#/cardRecord');
    await expect(page.getByTestId('live-code')).toBeVisible();
    await page.getByTestId('live-code-dismiss').click();
    await expect(page.getByTestId('live-code')).toHaveCount(0);
    const third = await challenge('AWS', 4_200);
    await expectCode(third, 'AWS');

    // A decline made now shows a short notice with the reason and a link to the card's declines.
    const declined = await page.request.post(`/sandbox/api/cards/${card.id}/authorize`, {
      form: { amount: '1250', merchant: 'Casino Royale', category: '7995' },
    });
    expect(declined.status()).toBe(200);
    await expect(page.getByTestId('live-decline')).toContainText(TEXTS[lang].declined, { timeout: 2_000 });
    await expect(page.getByTestId('live-decline-merchant')).toHaveText('Casino Royale');
    await expect(page.getByTestId('live-decline-reason')).not.toBeEmpty();
    await page.screenshot({ path: test.info().outputPath(`record-${lang}.png`) });
    await page.getByTestId('live-decline-record').click();
    await expect(page).toHaveURL(new RegExp(`cardRecord\\?tab=refuse&last4=${card.last4}`));
    await expect(page.getByTestId('live-decline')).toHaveCount(0);
  });
}
