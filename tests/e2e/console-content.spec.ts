/**
 * The console's content desks (issue 31 §2), in the phone and desktop projects, zh and en: notices
 * written, previewed, published (to all or to chosen customers, now or scheduled) and retired, seen
 * and then gone in the customers' PWA as their kind says (carousel and dialog, or the banner); the
 * customer look-up (cards by their last four digits only) and freezing with a reason, which the
 * server enforces on the customer's sign-in; and the audit desk listing each of these actions.
 * Operators come from the demo-only sandbox endpoint, one per test, as in console.spec.ts.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import type { Account } from './fixtures';
import {
  DEMO,
  expect,
  expectAccessible,
  newEmail,
  registerAccount,
  signInWithStorage,
  test,
} from './fixtures';

interface Made {
  email: string;
  password: string;
  totpSecret: string;
}
type Lang = 'en' | 'cn';

async function makeOperator(request: APIRequestContext, role: string): Promise<Made> {
  const email = newEmail(`op-${role}`);
  const res = await request.post('/sandbox/api/operators', { data: { email, role, ready: true } });
  expect(res.ok()).toBe(true);
  return { email, ...((await res.json()) as Omit<Made, 'email'>) };
}

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** Signs the operator in through the console's own form, in `lang`. */
async function consoleSignIn(page: Page, made: Made, lang: Lang): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('console.lang', value), lang);
  await page.goto('/console');
  await page.getByLabel(lang === 'en' ? 'E-mail' : '邮箱').fill(made.email);
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill(made.password);
  await page.getByLabel(lang === 'en' ? 'Authenticator code' : '验证器动态码').fill(codeOf(made.totpSecret));
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : '登录' }).click();
  await expect(page.getByTestId('console-who')).toContainText(made.email);
}

/** A browser context of its own (sessions apart), shaped like the project's (phone or desktop). */
async function freshContext(browser: Browser): Promise<BrowserContext> {
  const use = test.info().project.use;
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    serviceWorkers: 'block',
  });
}

/** The customers' PWA in `lang`, signed in as `account` in a context of its own, on its home. */
async function customerHome(browser: Browser, account: Account, lang: Lang): Promise<Page> {
  const page = await (await freshContext(browser)).newPage();
  await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
  await signInWithStorage(page, account);
  await expect(page.getByTestId('notice-center')).toBeVisible();
  return page;
}

/**
 * On a phone the maintenance ticker holds the one notice slot (issue 34 §2); the customer taps its
 * "I know" and the carousel takes the slot, as a person would to read the other notices.
 */
async function dismissTickerOnPhone(page: Page): Promise<void> {
  if (test.info().project.name !== 'phone') return;
  await page.getByTestId('notice-banner-ok').click();
  await expect(page.getByTestId('notice-carousel')).toBeVisible();
}

/** Screenshots of the screens for a person to look at, only when asked (CONSOLE_SHOTS=1). */
async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.CONSOLE_SHOTS) return;
  const project = test.info().project.name;
  await page.screenshot({ path: `.tmp/shots/console-${name}-${project}.png`, fullPage: true });
}

/** An admin, in a browser of its own, finds each action of `operator` in the audit desk. */
async function auditLists(
  browser: Browser,
  request: APIRequestContext,
  operator: Made,
  actions: readonly string[],
  lang: Lang,
) {
  const admin = await makeOperator(request, 'admin');
  const context = await freshContext(browser);
  const page = await context.newPage();
  try {
    await consoleSignIn(page, admin, lang);
    await page.getByRole('link', { name: lang === 'en' ? 'Audit log' : '审计日志' }).click();
    await page.getByPlaceholder(lang === 'en' ? 'Operator e-mail' : '操作员邮箱').fill(operator.email);
    await page.getByRole('button', { name: lang === 'en' ? 'Search' : '查询' }).click();
    for (const action of actions)
      await expect(page.getByTestId('audit-entry').filter({ hasText: action }).first()).toBeVisible();
  } finally {
    await context.close();
  }
}

// Each test walks the console, one or two customers' PWAs and an admin's audit desk, on a shared
// two-core machine: a minute is not enough for that many sign-ins and page loads.
test.describe.configure({ timeout: 300_000 });

const deskLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name });

test('notices (zh): write, preview sanitised, publish to a chosen customer, carousel and dialog, retire', async ({
  page,
  request,
  browser,
}) => {
  const support = await makeOperator(request, 'support');
  const customer = await registerAccount(request);
  const title = `维护通知 ${Date.now().toString(36)}`;
  await consoleSignIn(page, support, 'cn');
  await deskLink(page, '公告').click();
  await expect(page.getByRole('heading', { name: '公告', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'notices-list-zh');

  await page.getByRole('button', { name: '撰写公告' }).click();
  const editor = page.getByTestId('notice-editor');
  await editor.getByRole('option', { name: /中文/ }).click();
  await editor.getByRole('option', { name: /轮播与公告弹窗/ }).click();
  await editor.getByLabel('标题').fill(title);
  const body = editor.getByLabel('正文');
  await body.fill('今晚系统维护');
  await body.selectText();
  await editor.getByRole('button', { name: '加粗' }).click();
  await body.press('End');
  await body.pressSequentially('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  await editor.getByRole('option', { name: '指定客户' }).click();
  await editor.getByLabel('客户登录邮箱').fill(customer.email);
  await expectAccessible(page);
  await shot(page, 'notices-editor-zh');

  await editor.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('notice-preview');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('今晚系统维护');
  // The server's sanitiser left no script and no event handler: what customers would get.
  await expect(preview.locator('script')).toHaveCount(0);
  expect(await preview.getByTestId('notice-preview-body').innerHTML()).not.toContain('onerror');
  await shot(page, 'notices-preview-zh');
  await editor.getByRole('button', { name: '返回编辑' }).click();
  await editor.getByRole('button', { name: '保存草稿' }).click();
  const card = page.getByTestId('console-notice').filter({ hasText: title });
  await expect(card).toContainText('草稿');
  await expect(card).toContainText(customer.email);

  await card.getByRole('button', { name: '发布' }).click();
  const publish = page.getByTestId('notice-publish');
  await expect(publish.getByTestId('publish-audience')).toContainText(customer.email);
  await shot(page, 'notices-publish-zh');
  await publish.getByRole('button', { name: '立即发布' }).click();
  await expect(card).toContainText('已发布');

  // The chosen customer sees it in the carousel (newest first) and reads it in the dialog.
  const shop = await customerHome(browser, customer, 'cn');
  await dismissTickerOnPhone(shop);
  await expect(shop.getByTestId('notice-carousel')).toContainText(title);
  await shop.getByTestId('notices-more').click();
  await shop.getByTestId('notice-list-item').filter({ hasText: title }).click();
  await expect(shop.getByTestId('notice-reader')).toContainText(title);
  await expect(shop.getByTestId('notice-body').locator('strong')).toHaveText('今晚系统维护');
  // Not chosen: the demo customer never sees it.
  const demo = await customerHome(browser, DEMO, 'cn');
  await demo.getByTestId('notices-more').click();
  await expect(demo.getByTestId('notice-dialog')).toBeVisible();
  await expect(demo.getByTestId('notice-list-item').filter({ hasText: title })).toHaveCount(0);
  await demo.context().close();

  await page.bringToFront();
  await card.getByRole('button', { name: '下线' }).click();
  await page.getByTestId('notice-retire').getByLabel('原因（选填）').fill('维护已取消');
  await shot(page, 'notices-retire-zh');
  await page.getByTestId('notice-retire').getByRole('button', { name: '下线' }).click();
  await expect(card).toContainText('已下线');

  await shop.reload();
  await expect(shop.getByTestId('notice-center')).toBeVisible();
  await expect(shop.getByTestId('notice-carousel')).not.toContainText(title);
  await shop.getByTestId('notices-more').click();
  await expect(shop.getByTestId('notice-dialog')).toBeVisible();
  await expect(shop.getByTestId('notice-list-item').filter({ hasText: title })).toHaveCount(0);

  await auditLists(browser, request, support, ['notices.write', 'notices.publish', 'notices.retire'], 'cn');
});

test('notices (en): a banner to all customers, a scheduled one, both retired', async ({
  page,
  request,
  browser,
}) => {
  const support = await makeOperator(request, 'support');
  const title = `Banner ${Date.now().toString(36)}`;
  const later = `Later ${Date.now().toString(36)}`;
  await consoleSignIn(page, support, 'en');
  await deskLink(page, 'Notices').click();

  // The banner goes to a customer of this test only: a banner to every English customer would
  // stand in front of the demo banner that other specs running beside this one read.
  const reader = await registerAccount(request);
  const write = async (name: string, kind: RegExp, to?: string) => {
    await page.getByRole('button', { name: 'Write a notice' }).click();
    const editor = page.getByTestId('notice-editor');
    await editor.getByRole('option', { name: /English/ }).click();
    await editor.getByRole('option', { name: kind }).click();
    await editor.getByLabel('Title').fill(name);
    await editor.getByLabel('Body').fill('<p>Fees for new cards fall on Monday.</p>');
    if (to) {
      await editor.getByRole('option', { name: 'Chosen customers' }).click();
      await editor.getByLabel("Customers' sign-in e-mails").fill(to);
    } else await editor.getByRole('option', { name: 'All customers' }).click();
    await shot(page, `notices-editor-en-${name.split(' ')[0]!.toLowerCase()}`);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    return page.getByTestId('console-notice').filter({ hasText: name });
  };

  const banner = await write(title, /Scrolling banner/, reader.email);
  await banner.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('publish-audience')).toHaveText(
    `Only this customer will see it: ${reader.email}`,
  );
  await page.getByTestId('notice-publish').getByRole('button', { name: 'Publish now' }).click();
  await expect(banner).toContainText('Published');

  const scheduled = await write(later, /Carousel and dialog/);
  await scheduled.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByTestId('notice-publish');
  await publish.getByText('From a stated time').click();
  await expect(publish.getByLabel('Published from')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'notices-schedule-en');
  await publish.getByRole('button', { name: 'Schedule' }).click();
  await expect(scheduled).toContainText('Scheduled');
  await page.getByRole('option', { name: 'Scheduled' }).click();
  await expect(page.getByTestId('console-notice')).toHaveCount(1);
  await expect(page.getByTestId('console-notice')).toContainText(later);
  await page.getByRole('option', { name: 'All' }).click();
  await shot(page, 'notices-list-en');
  await expectAccessible(page);

  // The chosen customer in English: the banner shows it; the scheduled one is nowhere yet.
  const shop = await customerHome(browser, reader, 'en');
  await expect(shop.getByTestId('notice-banner')).toContainText(title);
  await shop.getByTestId('notices-more').click();
  await expect(shop.getByTestId('notice-dialog')).toBeVisible();
  await expect(shop.getByTestId('notice-list-item').filter({ hasText: later })).toHaveCount(0);

  await page.bringToFront();
  for (const card of [banner, scheduled]) {
    await card.getByRole('button', { name: 'Retire' }).click();
    await page.getByTestId('notice-retire').getByRole('button', { name: 'Retire' }).click();
    await expect(card).toContainText('Retired');
  }
  await shop.reload();
  await expect(shop.getByTestId('notice-center')).toBeVisible();
  await expect(shop.getByText(title)).toHaveCount(0);

  await auditLists(
    browser,
    request,
    support,
    ['notices.publish', 'notices.schedule', 'notices.retire'],
    'en',
  );
});

test('customer look-up (en): search, detail, freeze with a reason refuses sign-in, unfreeze', async ({
  page,
  request,
  browser,
}) => {
  const support = await makeOperator(request, 'support');
  const customer = await registerAccount(request);
  const signIn = () =>
    request.post('/api/user/loginPwd', {
      headers: {
        authorization: `Basic ${Buffer.from('portal:portal').toString('base64')}`,
        'accept-language': 'en',
      },
      form: { username: customer.email, password: customer.password },
    });
  await consoleSignIn(page, support, 'en');
  await deskLink(page, 'Customers').click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail (or part of it) or account id' }).fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('customer-hit')).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, 'customers-search-en');
  await page.getByTestId('customer-hit').click();
  const detail = page.getByTestId('customer-detail');
  await expect(detail.getByTestId('customer-status')).toHaveText('Active');
  await expect(detail).toContainText('Not verified');

  await detail.getByRole('button', { name: 'Freeze account' }).click();
  const sheet = page.getByTestId('customer-freeze');
  await sheet.getByRole('button', { name: 'Freeze account' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Please give a reason');
  await sheet.getByLabel('Reason').fill('Card testing pattern reported');
  await expectAccessible(page);
  await shot(page, 'customers-freeze-en');
  await sheet.getByRole('button', { name: 'Freeze account' }).click();
  await expect(detail.getByTestId('customer-status')).toHaveText('Frozen');
  await expect(detail.getByTestId('frozen-reason')).toHaveText('Card testing pattern reported');
  // The server refuses the frozen account's sign-in.
  const refused = (await (await signIn()).json()) as { code: number; msg: string };
  expect(refused.code).not.toBe(200);
  expect(refused.msg).toContain('frozen');

  await detail.getByRole('button', { name: 'Unfreeze account' }).click();
  await page.getByTestId('customer-freeze').getByLabel('Reason').fill('Checked with the customer');
  await page.getByTestId('customer-freeze').getByRole('button', { name: 'Unfreeze account' }).click();
  await expect(detail.getByTestId('customer-status')).toHaveText('Active');
  expect(((await (await signIn()).json()) as { code: number }).code).toBe(200);

  await auditLists(browser, request, support, ['customers.freeze', 'customers.unfreeze'], 'en');
});

test('customer look-up (zh): the demo customer, cards by their last four digits only', async ({
  page,
  request,
}) => {
  await consoleSignIn(page, await makeOperator(request, 'support'), 'cn');
  await deskLink(page, '客户查询').click();
  await page.getByRole('textbox', { name: '邮箱（或其中一部分）或账户 ID' }).fill(DEMO.email);
  await page.getByRole('button', { name: '查询' }).click();
  await page.getByTestId('customer-hit').filter({ hasText: DEMO.email }).click();
  const detail = page.getByTestId('customer-detail');
  await expect(detail.getByTestId('customer-status')).toHaveText('正常');
  // Whatever cards the demo holds in this run: each shows the mask and the last four digits only.
  const cards = detail.getByTestId('customer-card');
  if ((await cards.count()) === 0) await expect(detail).toContainText('暂无卡片');
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/^•••• \d{4}\n/);
  // No run of more than four digits in a row that could be a card number anywhere on the screen
  // (serials and amounts aside, which are not 13–19 digit runs).
  expect(await detail.innerText()).not.toMatch(/\d{13,19}/);
  await expect(detail.getByTestId('customer-wallets')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'customers-detail-zh');
});
