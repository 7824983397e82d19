/**
 * Issue 33 §3 end to end (phone and desktop, English and Chinese): a card opened with a saved
 * spending template — a batch in English, a single card in Chinese — shows what the template sets
 * on the form and in the confirmation, and the new card's screen shows the template's limits with
 * what is left. Screenshots go to test-results/spending-shots.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Tokens } from './fixtures';
import { apiSignIn, expect, signInWithStorage, test } from './fixtures';
import { useLanguage } from './pwa-helpers';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

const auth = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

/** 2,000 CNY in the wallet and a template "Ads only": 50.00 a payment, 200.00 a day, advertising. */
async function fundedWithTemplate(request: APIRequestContext, tokens: Tokens): Promise<void> {
  const order = (await (
    await request.post('/api/account/recharge/qrCreate', {
      headers: { ...auth(tokens), 'idempotency-key': `e2e-spo-${Date.now()}-${process.pid}` },
      form: { channel: 'wechat', amount: String(2_000 * 100) },
    })
  ).json()) as Envelope<{ orderId: string }>;
  expect(order.code, JSON.stringify(order)).toBe(200);
  expect((await request.post(`/sandbox/api/orders/${order.data.orderId}/pay`)).ok()).toBe(true);
  const saved = (await (
    await request.post('/api/spending/template/save', {
      headers: auth(tokens),
      data: {
        name: 'Ads only',
        rules: {
          perAuthorization: 5_000,
          daily: 20_000,
          categories: { mode: 'allow', groups: ['advertising'] },
        },
      },
    })
  ).json()) as Envelope<unknown>;
  expect(saved.code, JSON.stringify(saved)).toBe(200);
}

const isPhone = (info: TestInfo) => info.project.name === 'phone';

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({
    path: `test-results/spending-shots/${info.project.name}-${name}.png`,
    fullPage: true,
  });
}

async function openCardSpending(page: Page, info: TestInfo) {
  if (isPhone(info)) {
    await page.getByTestId('card-row').first().click();
    await page.getByTestId('card-screen').getByTestId('quick-more').click();
    await page.getByTestId('card-more-sheet').getByTestId('action-spending').click();
  } else {
    await page.getByTestId('card-row').first().getByTestId('row-more').click();
    await page.getByTestId('action-spending').click();
  }
}

const TEXT = {
  en: {
    mode: 'batch',
    tab: 'Batch',
    summary: 'Sets: up to $50.00 per payment · $200.00 a day · only Advertising',
    hint: "The new cards get the template's rules",
    left: '$200.00 left',
  },
  cn: {
    mode: 'single',
    tab: '单张开卡',
    summary: '设置：单笔不超过 $50.00 · 每日 $200.00 · 仅限 广告营销',
    hint: '新卡会带上模板的规则',
    left: '剩余 $200.00',
  },
} as const;

for (const lang of ['en', 'cn'] as const) {
  const text = TEXT[lang];
  test(`${lang}: a ${text.mode} opening with a spending template gives the card its limits`, async ({
    page,
    account,
  }, info) => {
    test.slow(); // an opening through the UI, then the card's screen
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    await fundedWithTemplate(page.request, tokens);
    await signInWithStorage(page, account, '/#/cardOpen');

    await page.getByRole('tab', { name: text.tab }).click();
    if (text.mode === 'batch') await page.getByTestId('open-count').fill('2');
    await page.getByTestId('open-amount').fill('10');
    await page.getByTestId('open-autofill').click();
    await expect(page.getByTestId('open-holderFirstName')).not.toHaveValue('');
    await expect(page.getByTestId('open-spend-summary')).toContainText(text.hint);
    await page.getByTestId('open-spend-template').selectOption({ label: 'Ads only' });
    await expect(page.getByTestId('open-spend-summary')).toHaveText(text.summary);
    await page.getByTestId('open-spend-template').scrollIntoViewIfNeeded();
    await shot(page, info, `${lang}-open-template`);
    await page.getByTestId('open-cost-debit-CNY').check();
    await page.getByTestId('open-submit').click();
    await expect(page.getByTestId('open-confirm-template')).toHaveText('Ads only');
    await page.getByTestId('open-confirm-submit').click();
    await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 30_000 });
    if (text.mode === 'batch') await expect(page.getByTestId('open-result-row')).toHaveCount(2);

    // The card's screen: the template's limits, nothing used yet.
    await page.goto('/#/cardList');
    await openCardSpending(page, info);
    const sheet = page.getByTestId('spend-sheet');
    await expect(sheet.getByTestId('spend-limit-perAuthorization')).toHaveValue('50.00');
    await expect(sheet.getByTestId('spend-limit-daily')).toHaveValue('200.00');
    await expect(sheet.getByTestId('spend-usage-daily')).toContainText(text.left);
    await shot(page, info, `${lang}-opened-card-limits`);
  });
}
