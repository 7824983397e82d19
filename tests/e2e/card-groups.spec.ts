/**
 * Issue 15 end to end, phone and desktop: two groups and a tag made on /cardGroup, a batch opened
 * into a group, cards moved and tagged from the card list, the list filtered by group and tag, a
 * whole group frozen after its preview, the groups merged, the group exported (last four digits
 * only) and deleted — its cards remain, in no group. Then screenshots of the page and its spending
 * panel in both languages (kept out of git, in .tmp/).
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
function idempotencyKey(): string {
  keySequence += 1;
  return `e2e-groups-${Date.now().toString(36)}-${process.pid}-${keySequence}`;
}

function auth(tokens: Tokens) {
  return { authorization: `Bearer ${tokens.access_token}` };
}

async function apiGet<T>(request: APIRequestContext, tokens: Tokens, path: string): Promise<T> {
  const answer = (await (await request.get(path, { headers: auth(tokens) })).json()) as Envelope<T>;
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

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

async function fundCny(request: APIRequestContext, tokens: Tokens, yuan: number): Promise<void> {
  const created = await apiPost<{ orderId: string }>(request, tokens, '/api/account/recharge/qrCreate', {
    channel: 'wechat',
    amount: String(yuan * 100),
  });
  expect((await request.post(`/sandbox/api/orders/${created.orderId}/pay`)).ok()).toBe(true);
}

/** batchOpenCard into a group, paid from the CNY wallet at the quoted total. */
async function openBatchInto(request: APIRequestContext, tokens: Tokens, gid: string, count: number) {
  const order = { segmentId: 'visa-428837', amount: '1000', count: String(count) };
  const cost = await apiPost<{ totals: { debitCurrency: string; total: number }[] }>(
    request,
    tokens,
    '/api/card/BatchOpenCardCost',
    order,
  );
  const cny = cost.totals.find((t) => t.debitCurrency === 'CNY')!;
  await apiPost(request, tokens, '/api/card/batchOpenCard', {
    ...order,
    gid,
    debitCurrency: 'CNY',
    expectTotal: String(cny.total),
    holderFirstName: 'Ada',
    holderLastName: 'Lovelace',
    street: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postcode: '94105',
  });
}

interface GroupRow {
  id: string;
  name: string;
  cardCount: number;
}

async function groupsOf(request: APIRequestContext, tokens: Tokens): Promise<GroupRow[]> {
  return (await apiGet<{ data: GroupRow[] }>(request, tokens, '/api/cardGroup/page?pageSize=100')).data;
}

function isPhone(info: TestInfo): boolean {
  return info.project.name === 'phone';
}

/**
 * Applies the card list's group and tag filters ('' = all) and waits for the list's answer to that
 * very question: a count read before it could pass on the previous filter's rows (all 4 cards
 * under "Alpha" look the same as all 4 cards unfiltered). Each call asks a filter not asked before
 * in its test, so the answer is a new request, never the query cache.
 */
async function filterCards(page: Page, info: TestInfo, group: string, tag: string) {
  if (
    isPhone(info) &&
    (await page.getByTestId('card-filter-toggle').getAttribute('aria-expanded')) !== 'true'
  )
    await page.getByTestId('card-filter-toggle').click();
  await page.getByTestId('card-filter-group').selectOption(group);
  await page.getByTestId('card-filter-tag').selectOption(tag);
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/card/page' &&
      (url.searchParams.get('groupId') ?? '') === group &&
      (url.searchParams.get('tagId') ?? '') === tag
    );
  });
  await page.getByTestId('card-filter-search').click();
  await answered;
}

async function makeByName(page: Page, add: string, sheet: string, name: string) {
  await page.getByTestId(add).click();
  await page.getByTestId(`${sheet}-name`).fill(name);
  await page.getByTestId(`${sheet}-confirm`).click();
  await expect(page.getByTestId(sheet)).toBeHidden();
}

test('groups and tags: create, open into a group, move, tag, filter, freeze a whole group, merge, export, delete', async ({
  page,
  account,
}, info) => {
  test.slow();
  await useLanguage(page, 'en');
  const tokens = await apiSignIn(page.request, account);
  await fundCny(page.request, tokens, 3_000);
  await signInWithStorage(page, account, '/#/cardGroup');

  // Two groups and a tag.
  await makeByName(page, 'group-add', 'group-name', 'Alpha');
  await makeByName(page, 'group-add', 'group-name', 'Beta');
  await expect(page.getByTestId('group-row')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Tags' }).click();
  await makeByName(page, 'tag-add', 'tag-name', 'vip');
  await expect(page.getByTestId('tag-row')).toHaveCount(1);
  const groups = await groupsOf(page.request, tokens);
  const alpha = groups.find((g) => g.name === 'Alpha')!;
  const beta = groups.find((g) => g.name === 'Beta')!;
  const [vip] = (await apiGet<{ data: { id: string }[] }>(page.request, tokens, '/api/tag/page')).data;

  // A batch of 4 opened straight into Alpha.
  await openBatchInto(page.request, tokens, alpha.id, 4);

  // The list filtered by Alpha; two cards moved to Beta, the other two tagged.
  await page.goto('/#/cardList');
  await filterCards(page, info, alpha.id, '');
  await expect(page.getByTestId('card-row')).toHaveCount(4);
  await page.getByTestId('toggle-select').click();
  await page.getByTestId('card-select').nth(0).click();
  await page.getByTestId('card-select').nth(1).click();
  await page.getByTestId('batch-group').click();
  await page.getByTestId('move-group-target').selectOption(beta.id);
  await page.getByTestId('move-group-confirm').click();
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await page.getByTestId('toggle-select').click();
  await page.getByTestId('batch-select-all').click();
  await page.getByTestId('batch-tags').click();
  await page.getByTestId('tag-cards-choice').selectOption('add');
  await page.getByTestId('tag-cards-confirm').click();
  await expect(page.getByTestId('tag-cards')).toBeHidden();

  // Filter by tag, then by tag and group; "no group" shows none.
  await filterCards(page, info, '', vip!.id);
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await filterCards(page, info, beta.id, vip!.id);
  await expect(page.getByTestId('card-list-empty')).toBeVisible();
  await filterCards(page, info, 'none', '');
  await expect(page.getByTestId('card-list-empty')).toBeVisible();

  // Freeze the whole of Beta after its preview.
  await filterCards(page, info, beta.id, '');
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await page.getByTestId('group-freeze').click();
  await expect(page.getByTestId('bulk-affected')).toHaveText('2 cards will be changed');
  await page.getByTestId('bulk-state-confirm').click();
  await expect(page.getByTestId('bulk-progress')).toHaveText('2 done, 0 failed');
  const frozen = await apiGet<{ data: { status: string }[] }>(
    page.request,
    tokens,
    `/api/card/page?pageSize=100&groupId=${beta.id}`,
  );
  expect(frozen.data.map((c) => c.status)).toEqual(['frozen', 'frozen']);
  // A second freeze of the group previews them all as skipped.
  await page.getByTestId('sheet-close').click();
  await page.getByTestId('group-freeze').click();
  await expect(page.getByTestId('bulk-skipped')).toHaveText('2 cards will be skipped:');
  await page.getByTestId('bulk-state-cancel').click();

  // Merge Beta into Alpha.
  await page.goto('/#/cardGroup');
  await page.getByTestId('group-select').click();
  await page.getByTestId('group-check').nth(0).check();
  await page.getByTestId('group-check').nth(1).check();
  await page.getByTestId('group-merge-start').click();
  await page.getByTestId('group-merge-target').selectOption(alpha.id);
  await page.getByTestId('group-merge-confirm').click();
  await expect(page.getByTestId('group-row')).toHaveCount(1);
  await expect(page.getByTestId('group-count')).toHaveText('4 cards');

  // Export the group: the last four digits only.
  await page.getByTestId('group-export-open').click();
  await page.getByTestId('group-export-csv').check();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('group-export-download').click();
  const file = await downloading;
  const path = info.outputPath('group.csv');
  await file.saveAs(path);
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(path, 'utf8');
  expect(text.trim().split('\n')).toHaveLength(5);
  expect(text).not.toMatch(/\b\d{15,19}\b/);

  // Delete it: the cards remain, in no group.
  await page.getByTestId('group-remove').click();
  await page.getByTestId('group-remove-sheet-confirm').click();
  await expect(page.getByTestId('groups-empty')).toBeVisible();
  await expect(page.getByTestId('groups-ungrouped')).toHaveText('4 cards in no group');
  const cards = await apiGet<{ total: number }>(
    page.request,
    tokens,
    '/api/card/page?pageSize=100&groupId=none',
  );
  expect(cards.total).toBe(4);
});

interface GroupCard {
  id: string;
  serial: string;
  balance: number;
  status: string;
}

async function cardsInGroup(request: APIRequestContext, tokens: Tokens, groupId: string) {
  return (
    await apiGet<{ data: GroupCard[] }>(request, tokens, `/api/card/page?pageSize=100&groupId=${groupId}`)
  ).data;
}

test('a whole group recharged and deleted from /cardGroup, each after its preview with the cards skipped and why', async ({
  page,
  account,
}) => {
  test.slow();
  await useLanguage(page, 'en');
  const tokens = await apiSignIn(page.request, account);
  await fundCny(page.request, tokens, 3_000);
  const group = await apiPost<{ id: string }>(page.request, tokens, '/api/cardGroup/add', { name: 'Shops' });
  await openBatchInto(page.request, tokens, group.id, 3);
  const [frozen, held, free] = await cardsInGroup(page.request, tokens, group.id);
  // One card frozen (a recharge skips it), one with a pending authorization (a delete skips it).
  await apiPost(page.request, tokens, '/api/card/frozen', { cardId: frozen!.id, action: 'freeze' });
  const spent = await page.request.post(`/sandbox/api/cards/${held!.id}/authorize`, {
    form: { amount: '100', merchant: 'Corner shop', category: '5734', country: 'US' },
  });
  expect(spent.ok()).toBe(true);
  const before = new Map((await cardsInGroup(page.request, tokens, group.id)).map((c) => [c.id, c.balance]));

  // Recharge the group: 5.00 onto each card that can take it, after the preview.
  await signInWithStorage(page, account, '/#/cardGroup');
  await page.getByTestId('group-cards-recharge').click();
  await expect(page.getByTestId('batch-recharge-sheet')).toBeVisible();
  await page.getByTestId('batch-recharge-amount').fill('5');
  await page.getByTestId('batch-recharge-quote').click();
  await expect(page.getByTestId('bulk-affected')).toHaveText('2 cards will be changed');
  await expect(page.getByTestId('bulk-skipped')).toHaveText('1 card will be skipped:');
  await expect(page.getByTestId('bulk-skipped-card')).toHaveAttribute('data-reason', 'frozenNoRecharge');
  await expect(page.getByTestId('bulk-money')).toContainText('$10.00');
  await expect(page.getByTestId('batch-recharge-cost')).toBeVisible();
  await page.getByTestId('batch-recharge-confirm').click();
  await expect(page.getByTestId('batch-recharge-sheet')).toBeHidden();
  const after = await cardsInGroup(page.request, tokens, group.id);
  for (const card of after)
    expect(card.balance - before.get(card.id)!, card.serial).toBe(card.id === frozen!.id ? 0 : 500);

  // Delete the group's cards: the one with a pending authorization is skipped, the rest go and
  // their balances return to the wallet.
  await page.goto('/#/cardGroup');
  await page.getByTestId('group-cards-delete').click();
  await expect(page.getByTestId('batch-delete-sheet')).toBeVisible();
  await expect(page.getByTestId('bulk-affected')).toHaveText('2 cards will be changed');
  await expect(page.getByTestId('bulk-skipped-card')).toHaveAttribute('data-reason', 'pending');
  const returned = after.filter((c) => c.id !== held!.id).reduce((sum, c) => sum + c.balance, 0);
  await expect(page.getByTestId('bulk-money')).toContainText(`$${(returned / 100).toFixed(2)}`);
  await page.getByTestId('batch-delete-confirm').click();
  await expect(page.getByTestId('batch-delete-sheet')).toBeHidden();
  const left = await cardsInGroup(page.request, tokens, group.id);
  const status = new Map(left.map((c) => [c.id, c.status]));
  expect(status.get(held!.id)).not.toBe('deleted');
  expect([status.get(frozen!.id) ?? 'deleted', status.get(free!.id) ?? 'deleted']).toEqual([
    'deleted',
    'deleted',
  ]);
});

test('screenshots of the group page and its spending panel, in both languages', async ({
  page,
  account,
}, info) => {
  test.slow();
  const tokens = await apiSignIn(page.request, account);
  await fundCny(page.request, tokens, 1_000);
  const made = await apiPost<{ id: string }>(page.request, tokens, '/api/cardGroup/add', {
    name: 'Facebook 广告',
  });
  await apiPost(page.request, tokens, '/api/cardGroup/add', { name: 'Google Ads' });
  await apiPost(page.request, tokens, '/api/cardGroup/upGroup', { id: made.id, up: '1' });
  await apiPost(page.request, tokens, '/api/tag/add', { name: 'vip' });
  await openBatchInto(page.request, tokens, made.id, 2);
  await signInWithStorage(page, account, '/#/cardGroup');
  for (const lang of ['zh-CN', 'en'] as const) {
    await page.evaluate((value) => localStorage.setItem('lang', value), lang);
    await page.goto('/#/cardGroup');
    await page.reload();
    await expect(page.getByTestId('group-row')).toHaveCount(2);
    await page.screenshot({
      path: `.tmp/shots/card-groups-${info.project.name}-${lang}.png`,
      fullPage: true,
    });
    await page.getByTestId('group-spend-open').first().click();
    await expect(page.getByTestId('group-spend-chart')).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/card-groups-spend-${info.project.name}-${lang}.png` });
    await page.getByTestId('sheet-close').click();
    await page.goto('/#/cardList');
    // "Select all shown" selects what is loaded: wait for the cards first.
    await expect(page.getByTestId('card-row')).toHaveCount(2);
    await page.getByTestId('toggle-select').click();
    await page.getByTestId('batch-select-all').click();
    await page.getByTestId('batch-freeze').click();
    await expect(page.getByTestId('bulk-affected')).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/card-bulk-${info.project.name}-${lang}.png` });
    await page.getByTestId('bulk-state-cancel').click();
    // The whole-group recharge (priced) and delete sheets, opened from the group page.
    await page.goto('/#/cardGroup');
    await page.getByTestId('group-cards-recharge').first().click();
    await page.getByTestId('batch-recharge-amount').fill('5');
    await page.getByTestId('batch-recharge-quote').click();
    await expect(page.getByTestId('batch-recharge-cost')).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/group-recharge-${info.project.name}-${lang}.png` });
    await page.getByTestId('sheet-close').click();
    await page.goto('/#/cardGroup');
    await page.getByTestId('group-cards-delete').first().click();
    await expect(page.getByTestId('bulk-affected')).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/group-delete-${info.project.name}-${lang}.png` });
    await page.getByTestId('batch-delete-cancel').click();
  }
});
