/**
 * Issue 33 §3, §5 end to end (phone and desktop, English and Chinese): a card's spending controls
 * with the 30-day preview naming the payment a limit would have declined, saved and shown as used
 * and left; the same for a card group (its monthly budget, the preview across its cards).
 * Purchases are the card-spend simulator's signed issuer events. Screenshots go to
 * test-results/spending-shots.
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

let keySequence = 0;
const idempotencyKey = () => `e2e-sp-${Date.now().toString(36)}-${process.pid}-${++keySequence}`;
const auth = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

async function apiPost<T>(
  request: APIRequestContext,
  tokens: Tokens,
  path: string,
  form: Record<string, string>,
) {
  const answer = (await (
    await request.post(path, { headers: { ...auth(tokens), 'idempotency-key': idempotencyKey() }, form })
  ).json()) as Envelope<T>;
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

/** Two cards in a group; the first has paid 7.00 USD (software, US) and 5.50 USD (food, FR). */
async function cardsInAGroup(request: APIRequestContext, tokens: Tokens) {
  const order = await apiPost<{ orderId: string }>(request, tokens, '/api/account/recharge/qrCreate', {
    channel: 'wechat',
    amount: String(2_000 * 100),
  });
  expect((await request.post(`/sandbox/api/orders/${order.orderId}/pay`)).ok()).toBe(true);
  const batch = { segmentId: 'visa-428837', amount: '5000', count: '2' };
  const cost = await apiPost<{ totals: { debitCurrency: string; total: number }[] }>(
    request,
    tokens,
    '/api/card/BatchOpenCardCost',
    batch,
  );
  const cny = cost.totals.find((t) => t.debitCurrency === 'CNY')!;
  await apiPost(request, tokens, '/api/card/batchOpenCard', {
    ...batch,
    debitCurrency: 'CNY',
    expectTotal: String(cny.total),
    holderFirstName: 'Ada',
    holderLastName: 'Lovelace',
    street: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postcode: '94105',
  });
  const listed = (await (
    await request.get('/api/card/page?pageSize=100', { headers: auth(tokens) })
  ).json()) as Envelope<{ data: { id: string; last4: string }[] }>;
  const cards = listed.data.data;
  const group = await apiPost<{ id: string }>(request, tokens, '/api/cardGroup/add', { name: 'Ads team' });
  await apiPost(request, tokens, '/api/cardGroup/editBatchGroup', {
    cardIds: cards.map((c) => c.id).join(','),
    gid: group.id,
  });
  const first = cards[0]!;
  for (const form of [
    { amount: '700', merchant: 'Cloud Host', category: '7372', country: 'US' },
    { amount: '550', merchant: 'Le Café', category: '5814', country: 'FR' },
  ])
    expect((await request.post(`/sandbox/api/cards/${first.id}/authorize`, { form })).ok()).toBe(true);
  return { cards, group, first };
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
    wouldDecline: '1 of 2 approved payments would have been declined',
    perPayment: 'Limit per payment',
    left: 'left',
    groupNone: 'None of the 2 approved payments',
    declined: "above the card's per-payment limit",
  },
  cn: {
    wouldDecline: '2 笔已批准的交易中，有 1 笔会被拒绝',
    perPayment: '单笔限额',
    left: '剩余',
    groupNone: '2 笔已批准的交易都不会被拒绝',
    declined: '金额超过卡片的单笔限额',
  },
} as const;

for (const lang of ['en', 'cn'] as const) {
  test(`${lang}: a card's limits with the 30-day preview, then used and left; a group's budget`, async ({
    page,
    account,
  }, info) => {
    test.slow();
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    const { first, group } = await cardsInAGroup(page.request, tokens);
    await signInWithStorage(page, account, '/#/cardList');
    const text = TEXT[lang];

    await openCardSpending(page, info);
    const sheet = page.getByTestId('spend-sheet');
    await expect(sheet.getByTestId('spend-usage')).toBeVisible();
    await sheet.getByTestId('spend-limit-perAuthorization').fill('6');
    const preview = sheet.getByTestId('spend-preview');
    await expect(preview.getByTestId('spend-preview-summary')).toContainText(text.wouldDecline);
    await expect(preview.getByTestId('spend-preview-item')).toHaveCount(1);
    await expect(preview.getByTestId('spend-preview-item')).toContainText('Cloud Host');
    await expect(preview.getByTestId('spend-preview-rule')).toHaveText(text.perPayment);
    await sheet.getByTestId('spend-limit-daily').fill('100');
    await shot(page, info, `${lang}-card-preview`);
    await page.getByTestId('spend-sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    // The phone's card screen comes back after the action's sheet: close it to open the card again.
    if (isPhone(info)) await page.getByTestId('card-screen').getByTestId('sheet-close').click();

    // Opened again: the rules are stored; today's limit shows what is left (100 − 12.50 … per-payment is separate).
    await openCardSpending(page, info);
    await expect(page.getByTestId('spend-limit-perAuthorization')).toHaveValue('6.00');
    await expect(page.getByTestId('spend-usage-daily')).toContainText(
      lang === 'en' ? '$87.50 left' : '剩余 $87.50',
    );
    await shot(page, info, `${lang}-card-saved`);
    await page.getByTestId('spend-sheet-cancel').click();

    // A payment over the per-payment limit is declined, and the card's records say which rule.
    const over = await page.request.post(`/sandbox/api/cards/${first.id}/authorize`, {
      form: { amount: '800', merchant: 'Meta Ads', category: '7311', country: 'US' },
    });
    expect(over.ok()).toBe(true);
    await page.goto('/#/cardRecord');
    await expect(page.getByTestId('trade-reason').first()).toContainText(text.declined);
    await shot(page, info, `${lang}-declined`);

    // The group: a monthly budget, previewed across its cards, then saved.
    await page.goto(`/#/cardList?groupId=${group.id}`);
    await page.getByTestId('group-spending').click();
    const groupSheet = page.getByTestId('spend-sheet');
    await groupSheet.getByTestId('spend-group-budget').fill('10');
    await expect(groupSheet.getByTestId('spend-preview-summary')).toContainText(text.wouldDecline);
    await groupSheet.getByTestId('spend-group-budget').fill('500');
    await expect(groupSheet.getByTestId('spend-preview-summary')).toContainText(text.groupNone);
    await shot(page, info, `${lang}-group`);
    await page.getByTestId('spend-sheet-confirm').click();
    await expect(groupSheet).toHaveCount(0);
    const budget = (await (
      await page.request.get(`/api/cardGroup/budget?id=${group.id}`, { headers: auth(tokens) })
    ).json()) as Envelope<{ monthly: number }>;
    expect(budget.data.monthly).toBe(50_000);
  });
}
