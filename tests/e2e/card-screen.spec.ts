/**
 * Issue 18 §2 end to end: the phone card screen (picture with last four and balance, the freeze
 * toggle there and back, the next card by button and by swipe, the More sheet), the desktop
 * table whose actions column is not clipped at 1280 and 1366 px in either language, the card
 * list's newest-first order of a batch, the decline-rate meter, and a record's detail with its
 * category name, country, the merchant's own amount and a decline's advice.
 *
 * Three cards are opened in one batch (they share an opening time) through the API; purchases are
 * the card-spend simulator's signed issuer events. Screenshots go to test-results/card-screen-shots.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Tokens } from './fixtures';
import { apiSignIn, expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { useLanguage } from './pwa-helpers';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface ListedCard {
  id: string;
  serial: string;
  last4: string;
}

let keySequence = 0;
function idempotencyKey(): string {
  keySequence += 1;
  return `e2e-cs-${Date.now().toString(36)}-${process.pid}-${keySequence}`;
}

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

/** Money in, three cards out of one batch, and two purchases on the newest: one abroad, one declined. */
async function threeCards(request: APIRequestContext, tokens: Tokens): Promise<ListedCard[]> {
  const order = await apiPost<{ orderId: string }>(request, tokens, '/api/account/recharge/qrCreate', {
    channel: 'wechat',
    amount: String(2_000 * 100),
  });
  expect((await request.post(`/sandbox/api/orders/${order.orderId}/pay`)).ok()).toBe(true);
  const batch = { segmentId: 'visa-428837', amount: '1000', count: '3' };
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
  ).json()) as Envelope<{ data: ListedCard[] }>;
  const cards = listed.data.data;
  expect(cards).toHaveLength(3);
  // Opened together: newest first means the highest serial first.
  expect(cards.map((card) => card.serial)).toEqual(
    cards
      .map((card) => card.serial)
      .sort()
      .reverse(),
  );

  const newest = cards[0]!;
  const abroad = await request.post(`/sandbox/api/cards/${newest.id}/authorize`, {
    form: {
      amount: '550',
      merchant: 'Le Café',
      category: '5814',
      country: 'FR',
      originalAmount: '500',
      originalCurrency: 'EUR',
    },
  });
  expect(abroad.ok()).toBe(true);
  const declined = await request.post(`/sandbox/api/cards/${newest.id}/authorize`, {
    form: { amount: '700', merchant: 'Cloud Host', category: '7372', country: 'US', cvvMatches: 'no' },
  });
  expect(declined.ok()).toBe(true);
  return cards;
}

const isPhone = (info: TestInfo) => info.project.name === 'phone';

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/card-screen-shots/${info.project.name}-${name}.png` });
}

test('phone: the card screen shows the picture, toggles freeze, moves to the next card and lists the rest under More', async ({
  page,
  account,
}, info) => {
  test.skip(!isPhone(info), 'the card screen is the phone layout');
  test.slow();
  await useLanguage(page, 'en');
  const tokens = await apiSignIn(page.request, account);
  const cards = await threeCards(page.request, tokens);
  await signInWithStorage(page, account, '/#/cardList');

  // The list shows the batch newest first (serial order), the meter counts 1 decline of 2.
  const tiles = page.getByTestId('card-row');
  await expect(tiles).toHaveCount(3);
  await expect(tiles.getByTestId('card-last4')).toHaveText(cards.map((card) => `•••• ${card.last4}`));
  const meter = page.getByTestId('decline-meter');
  await expect(meter.getByTestId('decline-meter-rate')).toHaveText('50%');
  await expect(meter.getByTestId('decline-meter-cards')).toContainText(cards[0]!.last4);
  await shot(page, info, 'en-list');

  await tiles.first().click();
  const screen = page.getByTestId('card-screen');
  await expect(screen.getByTestId('card-picture-last4')).toHaveText(`•••• ${cards[0]!.last4}`);
  await expect(screen.getByTestId('card-picture-balance')).toContainText('$');
  await expect(screen.getByTestId('card-position')).toHaveText('Card 1 of 3');
  // Every action of the row is a 44 × 44 px target at least.
  for (const button of await screen.locator('.cp-cs__quick-button, .cp-cs__arrow').all()) {
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(page);
  await shot(page, info, 'en-card');

  // The freeze toggle, there and back, each after its confirmation; the screen comes back after it.
  await screen.getByTestId('quick-freeze').click();
  await expect(page.getByTestId('freeze-sheet')).toBeVisible();
  await expectAccessible(page); // the confirm button's contrast among the rest
  await page.getByTestId('freeze-confirm').click();
  await expect(screen.getByTestId('card-status')).toContainText('Frozen');
  await expect(screen.getByTestId('quick-activate')).toHaveText('Activate');
  await shot(page, info, 'en-card-frozen');
  await screen.getByTestId('quick-activate').click();
  await page.getByTestId('freeze-confirm').click();
  await expect(screen.getByTestId('card-status')).toContainText('Active');
  await expect(screen.getByTestId('quick-freeze')).toBeVisible();

  // Next by button, then by a swipe from right to left on the picture.
  await screen.getByTestId('card-next').click();
  await expect(screen.getByTestId('card-position')).toHaveText('Card 2 of 3');
  await expect(screen.getByTestId('card-picture-last4')).toHaveText(`•••• ${cards[1]!.last4}`);
  const stage = (await screen.getByTestId('card-stage').boundingBox())!;
  const y = stage.y + stage.height / 2;
  await page.mouse.move(stage.x + stage.width - 30, y);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2, y, { steps: 5 });
  await page.mouse.move(stage.x + 30, y, { steps: 5 });
  await page.mouse.up();
  await expect(screen.getByTestId('card-position')).toHaveText('Card 3 of 3');
  await expect(screen.getByTestId('card-picture-last4')).toHaveText(`•••• ${cards[2]!.last4}`);

  // The rest under More, in its own sheet; closing it returns to the card.
  await screen.getByTestId('quick-more').click();
  const more = page.getByTestId('card-more-sheet');
  for (const action of ['withdraw', 'balance', 'bill', 'log', 'editAddress', 'delete'])
    await expect(more.getByTestId(`action-${action}`)).toBeVisible();
  await expect(more.getByTestId('action-freeze')).toHaveCount(0);
  await shot(page, info, 'en-more');
  await more.getByTestId('sheet-close').click();
  await expect(screen).toBeVisible();
});

test('phone, Chinese: the card screen reads in Chinese', async ({ page, account }, info) => {
  test.skip(!isPhone(info), 'the card screen is the phone layout');
  await useLanguage(page, 'cn');
  const tokens = await apiSignIn(page.request, account);
  await threeCards(page.request, tokens);
  await signInWithStorage(page, account, '/#/cardList');
  await page.getByTestId('card-row').first().click();
  const screen = page.getByTestId('card-screen');
  await expect(screen.getByTestId('quick-freeze')).toHaveText('冻结');
  await expect(screen.getByTestId('card-position')).toHaveText('第 1 张，共 3 张');
  await shot(page, info, 'zh-card');
  await screen.getByTestId('sheet-close').click();
  await shot(page, info, 'zh-list');
});

test('desktop: nothing in the card table is clipped at 1280 and 1366 px, in English and Chinese', async ({
  page,
  account,
}, info) => {
  test.skip(isPhone(info), 'the table is the desktop layout');
  test.slow();
  const tokens = await apiSignIn(page.request, account);
  await threeCards(page.request, tokens);
  for (const lang of ['en', 'cn'] as const) {
    await useLanguage(page, lang);
    for (const width of [1366, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // A fresh document each time: the language is read when the app starts.
      await page.goto('about:blank');
      await signInWithStorage(page, account, '/#/cardList');
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
      await expect(page.getByTestId('card-row')).toHaveCount(3);
      await expect(page.getByTestId('row-more').first()).toBeVisible();
      const clipped = await page.evaluate(() => {
        const found: string[] = [];
        const cells = document.querySelectorAll<HTMLElement>(
          '[data-testid="card-table"] th, [data-testid="card-table"] td',
        );
        for (const cell of cells) {
          if (cell.scrollWidth > cell.clientWidth + 1) found.push(`${cell.tagName}: ${cell.textContent}`);
          // The holder's name is read in full (only the segment under it may be shortened).
          for (const name of cell.querySelectorAll<HTMLElement>('.cp-cl-table__two > .cp-cl-table__text'))
            if (name.scrollWidth > name.clientWidth + 1) found.push(`name: ${name.textContent}`);
          const box = cell.getBoundingClientRect();
          for (const button of cell.querySelectorAll('button')) {
            const inner = button.getBoundingClientRect();
            if (inner.right > box.right + 0.5 || inner.left < box.left - 0.5)
              found.push(`button: ${button.textContent}`);
          }
        }
        return found;
      });
      expect(clipped, `${lang} at ${width}px`).toEqual([]);
      await page.getByTestId('card-table').scrollIntoViewIfNeeded();
      await shot(page, info, `${lang}-table-${width}`);
    }
  }
  await expect(page.getByTestId('decline-meter')).toBeVisible();
});

test('a record’s detail names the category and country, both amounts, and a decline’s advice', async ({
  page,
  account,
}, info) => {
  await useLanguage(page, 'en');
  const tokens = await apiSignIn(page.request, account);
  await threeCards(page.request, tokens);
  await signInWithStorage(page, account, '/#/cardRecord?tab=refuse');
  await page.getByTestId('trade-open').first().click();
  const sheet = page.getByTestId('trade-detail');
  await expect(sheet.getByTestId('detail-category')).toContainText('Computer programming and hosting');
  await expect(sheet.getByTestId('detail-country')).toHaveText('United States');
  await expect(sheet.getByTestId('detail-reason')).toHaveText('Incorrect CVV or expiry date');
  await expect(sheet.getByTestId('detail-advice')).toContainText('Check the CVV and expiry date');
  await expect(sheet.getByTestId('detail-history')).toContainText('Declined');
  await expectAccessible(page);
  await shot(page, info, 'en-decline-detail');
  await sheet.getByTestId('sheet-close').click();

  await page.goto('/#/cardRecord?tab=trade');
  await page.getByTestId('trade-open').first().click();
  await expect(sheet.getByTestId('detail-category')).toContainText('Fast food');
  await expect(sheet.getByTestId('detail-country')).toHaveText('France');
  await expect(sheet.getByTestId('detail-original')).toHaveText('€5.00');
  await expect(sheet.getByTestId('detail-history')).toContainText('Authorized');
  await shot(page, info, 'en-trade-detail');

  // The home page carries the meter too.
  await page.goto('/#/home');
  await expect(page.getByTestId('decline-meter').getByTestId('decline-meter-rate')).toHaveText('50%');
  await shot(page, info, 'en-home');
});
