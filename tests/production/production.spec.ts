/**
 * Issue 28: the portal as an operator runs it, from docs/deployment.md, proven in Chromium on a
 * phone. APP_MODE=production on a fresh PostgreSQL database with two server processes and strong
 * random secrets; every outside system a real local server speaking the portal's protocol
 * (tests/production/kit): payment gateway, card issuer, identity provider, payout gateway, SMTPS
 * relay, S3 store over TLS, Web Push endpoint. No sandbox anywhere.
 *
 * The story: sign up with the code read from the mail server, sign out and in again (the PWA as
 * the public client `portal`), top up through the gateway's signed callback, open a card at the
 * issuer, a purchase and a 3-D Secure challenge from the issuer with its push, the card revealed
 * (the issuer's own number), the records exported, identity documents to the object store and the
 * provider's decision, a team member invited by mail who signs in, and an invitee's top-up fee
 * earning the owner a commission that the payout gateway pays to a bank card.
 *
 * Then the operator console (issue 31) on the same production: operators made by
 * `npm run operator -- add`, a business customer's USD transfer approved on the forecast desk, and a
 * notice published to every customer's carousel.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { fillDate } from '../e2e/date-helpers';
import { TINY_PNG } from '../e2e/identity-helpers';
import type { Production } from './kit/production';
import { startProduction } from './kit/production';

const PASSWORD = 'Prod-e2e-Passw0rd!';
/** A real image for the transfer proof (the PWA checks and previews it). */
const PROOF_IMAGE = 'public/icons/icon-192.png';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let prod: Production;

test.describe.configure({ mode: 'serial' });

// Playwright wants its fixtures destructured; the start needs none of them.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  prod = await startProduction(Number(new URL(testInfo.project.use.baseURL!).port));
});

test.afterAll(async () => {
  await prod?.stop();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
});

/** On a phone a card's actions are on its card screen: a quick action, or under More. */
async function cardAction(page: Page, action: string): Promise<void> {
  const screen = page.getByTestId('card-screen');
  if (!(await screen.isVisible())) await page.getByTestId('card-row').first().click();
  const quick = screen.getByTestId(`quick-${action}`);
  if ((await quick.count()) > 0) return quick.click();
  await screen.getByTestId('quick-more').click();
  await page.getByTestId('card-more-sheet').getByTestId(`action-${action}`).click();
}

async function closeSheet(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).getByTestId('sheet-close').click();
  await expect(page.getByTestId(testId)).toHaveCount(0);
}

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? '');

/**
 * The signed-in customer becomes a verified business: documents to the object store, the check sent
 * to the identity provider, and the provider's signed decision.
 */
async function verifyBusiness(page: Page): Promise<void> {
  const auth = { authorization: `Bearer ${await accessToken(page)}` };
  const upload = async () => {
    const answer = (await (
      await page.request.post('/api/identity/upload', {
        headers: auth,
        multipart: { file: { name: 'doc.png', mimeType: 'image/png', buffer: TINY_PNG } },
      })
    ).json()) as Envelope<{ fileId: string }>;
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    return answer.data.fileId;
  };
  const fields = {
    action: 'submit',
    kind: 'business',
    companyName: 'Prod Trading Ltd',
    registrationNumber: 'PROD-12345',
    licenceFileId: await upload(),
    personName: 'Eve Person',
    idType: 'passport',
    idNumber: 'E1234567',
    idExpiresOn: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
    idFrontFileId: await upload(),
    idBackFileId: await upload(),
  };
  const keys = await prod.store.listKeys();
  for (const id of [fields.licenceFileId, fields.idFrontFileId, fields.idBackFileId])
    expect(keys).toContain(`portal/uploads/${id}`);
  const sent = (await (
    await page.request.post('/api/identity/order', { headers: auth, data: fields })
  ).json()) as Envelope<{ order: { id: string } }>;
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  expect(prod.identity.checks.get(sent.data.order.id)?.fileIds).toHaveLength(3);
  const decided = await prod.identity.approve(prod.portal.url, sent.data.order.id);
  expect(decided.body.code, JSON.stringify(decided.body)).toBe(200);
  expect(decided.body.data).toMatchObject({ status: 'approved' });
}

test('production: sign-up to team member, with every outside system real and no sandbox', async ({
  page,
  browser,
}) => {
  // The outside systems reach the server from inside the network; the browser goes through the
  // TLS proxy at PUBLIC_URL (the config's baseURL).
  const portal = prod.portal.url;
  const owner = `owner.${Date.now().toString(36)}@example.com`;

  await test.step('every /sandbox path answers 404 (runbook step 7)', async () => {
    for (const path of ['/sandbox', '/sandbox/outbox?to=x', '/sandbox/payments', '/sandbox/cards']) {
      expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
      expect((await page.request.post(`${path}/api/x`, { maxRedirects: 0 })).status(), path).toBe(404);
    }
    const health = (await (await page.request.get('/api/health')).json()) as Envelope<{ mode: string }>;
    expect(health.data).toMatchObject({ mode: 'production', database: 'postgresql' });
  });

  await test.step('sign up with the code from the mail server (runbook step 9)', async () => {
    await page.goto('/#/signup');
    await page.getByTestId('signup-email').fill(owner);
    const since = Date.now();
    await page.getByTestId('signup-send-code').click();
    const code = await prod.mail.waitFor(owner, /\b(\d{6})\b/, since);
    await page.getByTestId('signup-code').fill(code);
    await page.getByTestId('signup-password').fill(PASSWORD);
    await page.getByTestId('signup-confirm').fill(PASSWORD);
    await page.getByTestId('signup-agree').click();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-logout').click();
    await expect(page).toHaveURL(/#\/(\?.*)?$/);
  });

  await test.step('sign in with the password: the PWA is the public client "portal"', async () => {
    const signIn = page.waitForRequest('**/api/user/loginPwd');
    await page.getByTestId('signin-email').fill(owner);
    await page.getByTestId('signin-password').fill(PASSWORD);
    await page.getByTestId('signin-submit').click();
    const basic = (await signIn).headers()['authorization'] ?? '';
    expect(Buffer.from(basic.replace(/^Basic /, ''), 'base64').toString()).toMatch(/^portal:/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  await test.step('top up ¥600 by WeChat: the gateway opens the order and calls back signed', async () => {
    await page.goto('/#/FinanceRechargeOnline?channel=wechat');
    await page.getByTestId('recharge-amount').fill('600');
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('topup-confirm-confirm').click();
    await expect(page.getByTestId('recharge-qr-image')).toBeVisible();
    const text = (await page.getByTestId('recharge-order-id').textContent()) ?? '';
    const orderId = /R\d+/.exec(text)?.[0] ?? '';
    expect(prod.payments.orders.get(orderId)).toMatchObject({ channel: 'wechat', amount: 60_000 });
    const paid = await prod.payments.pay(portal, orderId);
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    await expect(page.getByTestId('recharge-success')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('recharge-success-credit')).toHaveText('¥596.40');
    await page.getByTestId('recharge-done').click();
  });

  await test.step('this phone subscribes to pushes', async () => {
    // Chromium's own push service cannot be reached from here, so the subscription the browser
    // would make is the local push endpoint's, sent as the PWA sends it.
    const answer = (await (
      await page.request.post('/api/push/subscribe', {
        headers: { authorization: `Bearer ${await accessToken(page)}` },
        data: { ...prod.push.subscription, showCode: false },
      })
    ).json()) as Envelope<null>;
    expect(answer.code, JSON.stringify(answer)).toBe(200);
  });

  await test.step('open a $20 card: the issuer makes it', async () => {
    await page.goto('/#/cardOpen');
    await page.getByTestId('open-amount').fill('20');
    await page.getByTestId('open-autofill').click();
    await page.getByTestId('open-cost-debit-CNY').check();
    await page.getByTestId('open-submit').click();
    await page.getByTestId('open-confirm-submit').click();
    await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 30_000 });
    expect(prod.issuer.cards.size).toBe(1);
    const card = [...prod.issuer.cards.values()][0]!;
    await expect(page.getByTestId('open-result-last4')).toHaveText(card.pan.slice(-4));
    await expect(page.getByTestId('open-result-balance')).toHaveText('$20.00');
  });

  const card = () => [...prod.issuer.cards.values()][0]!;

  await test.step('a purchase and a 3-D Secure challenge from the issuer, pushed to the phone', async () => {
    const bought = await prod.issuer.authorize(portal, card(), 1_250, 'Netflix');
    expect(bought.body.data).toMatchObject({ approved: true });
    const { code, answer } = await prod.issuer.challenge(portal, card(), 2_599, 'Spotify');
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    // The push endpoint decrypts what arrives with this "browser's" keys and checks the VAPID token.
    await expect
      .poll(() => prod.push.received.map((push) => push.message['kind']), { timeout: 20_000 })
      .toContain('otp');
    const push = prod.push.received.find((p) => p.message['kind'] === 'otp')!;
    expect(String(push.message['body'])).toContain('Spotify');
    expect(JSON.stringify(push.message)).not.toContain(code); // showCode was off
    await page.goto('/#/cardList');
    await cardAction(page, 'otp');
    await expect(page.getByTestId('otp-code').first()).toContainText(code.replace(/(\d{3})(\d{3})/, '$1 $2'));
    await expect(page.getByTestId('otp-merchant').first()).toContainText('Spotify');
    await closeSheet(page, 'otp-sheet');
  });

  await test.step('reveal the card: the number and CVV the issuer made', async () => {
    await cardAction(page, 'details');
    await page.getByTestId('details-reveal').click();
    await page.getByTestId('step-up-password').fill(PASSWORD);
    await page.getByTestId('step-up-submit').click();
    await expect(page.getByTestId('details-pan')).toHaveText(card().pan.replace(/(\d{4})(?=\d)/g, '$1 '));
    await expect(page.getByTestId('details-cvv')).toHaveText(card().cvv);
    await page.getByTestId('details-hide').click();
    await closeSheet(page, 'details-sheet');
  });

  await test.step('export the card records: the purchase, never the card number', async () => {
    await page.goto('/#/cardRecord');
    await expect(page.getByTestId('trade-row')).toHaveCount(1);
    const toggle = page.getByTestId('records-filter-toggle');
    if (await toggle.isVisible()) await toggle.click();
    await page.getByTestId('records-filter-export').click();
    await page.getByTestId('records-export-csv').check();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('records-export-download').click();
    const csv = await readFile((await (await downloading).path())!, 'utf8');
    expect(csv).toContain('Netflix');
    expect(csv).toContain(card().pan.slice(-4));
    expect(csv).not.toContain(card().pan);
  });

  await test.step('identity documents go to the object store, the provider decides', () =>
    verifyBusiness(page));

  await test.step('a team member invited by mail sets a password and signs in', async () => {
    const auth = { authorization: `Bearer ${await accessToken(page)}` };
    const member = `member.${Date.now().toString(36)}@example.com`;
    const role = (await (
      await page.request.post('/api/sub/role/add', {
        headers: auth,
        form: { name: 'Card viewers', permissions: 'card:list,card:record' },
      })
    ).json()) as Envelope<{ id: string }>;
    expect(role.code, JSON.stringify(role)).toBe(200);
    const codeSince = Date.now();
    expect((await page.request.get('/api/sub/add/getCode', { headers: auth })).ok()).toBe(true);
    const code = await prod.mail.waitFor(owner, /\b(\d{6})\b/, codeSince);
    const inviteSince = Date.now();
    const added = (await (
      await page.request.post('/api/sub/add', {
        headers: auth,
        form: {
          code,
          email: member,
          nickname: 'Mia',
          roleId: role.data.id,
          validUntil: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        },
      })
    ).json()) as Envelope<unknown>;
    expect(added.code, JSON.stringify(added)).toBe(200);
    const token = await prod.mail.waitFor(member, /subInvite\?token=([A-Za-z0-9_-]+)/, inviteSince);
    // The link in the mail is the public address's (PUBLIC_URL, runbook step 5).
    expect(prod.mail.mails.at(-1)?.text).toContain(`${prod.publicUrl}/`);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      ignoreHTTPSErrors: true,
    });
    const phone = await context.newPage();
    await phone.addInitScript(() => localStorage.setItem('lang', 'en'));
    await phone.goto(`/#/subInvite?token=${token}`);
    await expect(phone.getByTestId('invite-email')).toHaveText(member);
    await phone.getByTestId('invite-password').fill(PASSWORD);
    await phone.getByTestId('invite-confirm').fill(PASSWORD);
    await phone.getByTestId('invite-submit').click();
    await expect(phone.getByTestId('signin-email')).toHaveValue(member);
    await phone.getByTestId('signin-password').fill(PASSWORD);
    await phone.getByTestId('signin-submit').click();
    await expect(phone.getByTestId('sub-home-page')).toBeVisible();
    await expect(phone.getByTestId('sub-access')).toContainText('Card viewers');
    await context.close();
  });

  await test.step('an invitee’s top-up earns a commission; the payout gateway pays it to a bank card', async () => {
    const auth = { authorization: `Bearer ${await accessToken(page)}` };
    const call = async <T>(path: string, init: { form?: Record<string, string>; key?: string } = {}) => {
      const headers = init.key ? { ...auth, 'idempotency-key': init.key } : auth;
      const response = init.form
        ? await page.request.post(path, { headers, form: init.form })
        : await page.request.get(path, { headers });
      const answer = (await response.json()) as Envelope<T>;
      expect(answer.code, `${path}: ${JSON.stringify(answer)}`).toBe(200);
      return answer.data;
    };
    const { code: inviteCode } = await call<{ code: string }>('/api/agent/info');

    // The invitee signs up with the owner's code on a phone of their own and tops up ¥10,000: the
    // ¥60 fee earns the owner 20 % (the standard plan's top-up rate), ¥12.00.
    const invitee = `invitee.${Date.now().toString(36)}@example.com`;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      ignoreHTTPSErrors: true,
    });
    const phone = await context.newPage();
    await phone.addInitScript(() => localStorage.setItem('lang', 'en'));
    await phone.goto(`/#/signup`);
    await phone.getByTestId('signup-email').fill(invitee);
    const since = Date.now();
    await phone.getByTestId('signup-send-code').click();
    await phone.getByTestId('signup-code').fill(await prod.mail.waitFor(invitee, /\b(\d{6})\b/, since));
    await phone.getByTestId('signup-password').fill(PASSWORD);
    await phone.getByTestId('signup-confirm').fill(PASSWORD);
    await phone.getByTestId('signup-invite').fill(inviteCode);
    await phone.getByTestId('signup-agree').click();
    await phone.getByTestId('signup-submit').click();
    await expect(phone.getByTestId('home-page')).toBeVisible();
    const inviteeAuth = { authorization: `Bearer ${await accessToken(phone)}` };
    const order = (await (
      await phone.request.post('/api/account/recharge/qrCreate', {
        headers: { ...inviteeAuth, 'idempotency-key': `invitee-topup-${Date.now()}` },
        form: { channel: 'wechat', amount: '1000000' },
      })
    ).json()) as Envelope<{ orderId: string }>;
    expect(order.code, JSON.stringify(order)).toBe(200);
    await context.close();
    const paid = await prod.payments.pay(portal, order.data.orderId);
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);

    // The accrual job (every 10 s, once across both processes) books the commission as pending.
    const pending = () =>
      call<{ balances: { currency: string; pending: number; available: number }[] }>('/api/agent/info');
    await expect
      .poll(async () => (await pending()).balances.find((b) => b.currency === 'CNY')?.pending, {
        timeout: 40_000,
      })
      .toBe(1_200);
    // The seven-day hold is the one thing the suite cannot wait for: its end is moved to now in
    // the suite's own database, and the release job (every 10 s) does the rest.
    const db = new pg.Client({ connectionString: prod.databaseUrl });
    await db.connect();
    try {
      await db.query("update agent_commissions set available_at = now() where status = 'pending'");
    } finally {
      await db.end();
    }
    await expect
      .poll(async () => (await pending()).balances.find((b) => b.currency === 'CNY')?.available, {
        timeout: 40_000,
      })
      .toBe(1_200);

    const bankCard = await call<{ id: string }>('/api/agent/addBankCard', {
      form: { holder: 'Eve Person', bank: 'Bank of Prod', cardNo: '6222020000000000000' },
    });
    const codeSince = Date.now();
    await call('/api/agent/getCode');
    const code = await prod.mail.waitFor(owner, /\b(\d{6})\b/, codeSince);
    const { ticket } = await call<{ ticket: string }>('/api/user/stepUp', {
      form: { purpose: 'bank_withdrawal', password: PASSWORD },
    });
    const withdrawal = await call<{ id: string; status: string; net: number }>(
      '/api/agent/withdrawalsToBankCard',
      {
        key: `owner-payout-${Date.now()}`,
        form: { currency: 'CNY', amount: '1000', bankCardId: bankCard.id, code, stepUpTicket: ticket },
      },
    );
    // The order reached the gateway (the withdrawal id is its idempotency key) with the net amount.
    await expect.poll(() => prod.payouts.orders.has(withdrawal.id), { timeout: 30_000 }).toBe(true);
    const decided = await prod.payouts.decide(portal, withdrawal.id);
    expect(decided.body.code, JSON.stringify(decided.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await call<{ data: { id: string; status: string }[] }>(
              '/api/agent/pageWithdrawal?pageNo=1&pageSize=10',
            )
          ).data.find((line) => line.id === withdrawal.id)?.status,
        { timeout: 30_000 },
      )
      .toBe('paid');
  });

  await test.step('every outside system accepted every call; the logs hold no error and no card secret', async () => {
    expect(prod.refused()).toEqual([]);
    const log = prod.portal.output();
    await test.info().attach('portal.log', { body: log, contentType: 'text/plain' });
    expect(log).toContain('"msg":"request"'); // the request lines were read
    expect(log).not.toContain(card().pan);
    // A flow that fails only in production often fails quietly, in a background job or a push.
    const problems = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((entry) => entry.level === 'error' || entry.level === 'warn');
    expect(problems).toEqual([]);
  });
});

/** The authenticator app's code, `steps` periods from now (otpauth, as the server checks it). */
const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

interface SignedInOperator {
  page: Page;
  /** The console session's bearer token (sessionStorage), for the calls no screen makes yet. */
  token: string;
}

/**
 * An operator made the production way: `npm run operator -- add` prints the one-time link, which is
 * followed in a browser of the operator's own — the authenticator enrolled from the key the page
 * shows, a password set — and then the sign-in with the password and the next code (each code is
 * accepted once, so the set-up's is spent).
 */
async function enrolOperator(browser: Browser, email: string, role: string): Promise<SignedInOperator> {
  const { setupLink } = await prod.addOperator(email, role);
  // The link is the public address's (PUBLIC_URL), the console's own entry (not the PWA's).
  expect(setupLink.startsWith(`${prod.publicUrl}/console#/setup/`), setupLink).toBe(true);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('console.lang', 'en'));
  await page.goto(setupLink);
  await expect(page.getByRole('heading', { name: 'Set up your operator account' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  await page.getByLabel('New password (at least 10 characters)').fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByRole('heading', { name: 'Console sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('console-who')).toContainText(email);
  const token = await page.evaluate(() => sessionStorage.getItem('console.token') ?? '');
  expect(token).not.toBe('');
  return { page, token };
}

/** What the user menu shows for a wallet, in minor units. */
async function walletBalance(page: Page, currency: string): Promise<number> {
  await page.getByTestId('user-menu').click();
  const text = (await page.getByTestId(`user-balance-${currency}`).textContent()) ?? '';
  await page.keyboard.press('Escape');
  return Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
}

test('production: operators made by the command credit a USD transfer and publish a notice in the console', async ({
  page,
  browser,
}) => {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const finance = await enrolOperator(browser, `finance.${Date.now().toString(36)}@example.com`, 'finance');

  // A customer of its own (the first test's story is not repeated): signed up with the mailed code,
  // signed in on the phone, a verified business — USD transfers are for those only.
  const customer = `business.${Date.now().toString(36)}@example.com`;
  await test.step('a verified business customer signs in', async () => {
    const since = Date.now();
    const sent = await page.request.get(`/api/user/signup/code?email=${encodeURIComponent(customer)}`);
    expect(sent.ok()).toBe(true);
    const code = await prod.mail.waitFor(customer, /\b(\d{6})\b/, since);
    const signedUp = (await (
      await page.request.post('/api/user/signup', {
        form: { email: customer, code, password: PASSWORD, confirmPassword: PASSWORD },
      })
    ).json()) as Envelope<unknown>;
    expect(signedUp.code, JSON.stringify(signedUp)).toBe(200);
    await page.goto('/');
    await page.getByTestId('signin-email').fill(customer);
    await page.getByTestId('signin-password').fill(PASSWORD);
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await verifyBusiness(page);
  });
  const usdBefore = await walletBalance(page, 'USD');
  const bankTxnNo = `FT${Date.now().toString().slice(-8)}`;
  let forecastId = '';

  await test.step('the customer forecasts a USD bank transfer with its proof (to the object store)', async () => {
    await page.goto('/#/FinanceRechargeBank');
    await expect(page.getByTestId('bank-details')).toBeVisible();
    await page.getByTestId('forecast-amount').fill('1250.10');
    await fillDate(page, 'forecast-transferDate', new Date().toISOString().slice(0, 10));
    await page.getByTestId('forecast-payerName').fill('Prod Trading Ltd');
    await page.getByTestId('forecast-payerAccount').fill('000123456789');
    await page.getByTestId('forecast-bankName').fill('First Prod Bank');
    await page.getByTestId('forecast-bankArea').fill('United States');
    await page.getByTestId('forecast-bankTxnNo').fill(bankTxnNo);
    await page.getByTestId('forecast-proof').locator('input[type=file]').setInputFiles(PROOF_IMAGE);
    await expect(page.getByTestId('forecast-proof-preview')).toBeVisible();
    await page.getByTestId('forecast-submit').click();
    await expect(page).toHaveURL(/#\/financeAudit/);
    const row = page.getByTestId('forecast-row').first();
    await expect(row).toHaveAttribute('data-status', 'submitted');
    forecastId = (await row.getAttribute('data-forecast-id')) ?? '';
    expect(forecastId).not.toBe('');
  });

  await test.step('the finance operator approves it on the console’s forecast desk', async () => {
    const desk = finance.page;
    // The desk it signed in to was read before the forecast existed: the operator reloads it.
    await desk.reload();
    await expect(desk.getByRole('heading', { name: 'Transfer forecasts' })).toBeVisible();
    const forecast = desk.getByTestId('forecast').filter({ hasText: bankTxnNo });
    await expect(forecast).toContainText(customer);
    // The proof came back from the object store through the console's authorised call.
    const proof = forecast.getByRole('img', { name: 'Transfer proof' });
    await expect(proof).toBeVisible();
    expect(await proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await forecast.getByRole('button', { name: 'Approve and credit' }).click();
    await expect(desk.getByText('Approved: the USD wallet is credited')).toBeVisible();
    await expect(forecast).toHaveCount(0);
  });

  await test.step('the customer’s USD wallet is credited, and the ledger moved exactly once', async () => {
    await page.reload();
    await expect(page.locator(`[data-forecast-id="${forecastId}"]`).first()).toHaveAttribute(
      'data-status',
      'approved',
    );
    expect(await walletBalance(page, 'USD')).toBe(usdBefore + 125_010);
    // The same decision again (a double click, a second operator) moves nothing.
    const again = (await (
      await page.request.post('/api/operator/forecasts/review', {
        headers: auth(finance.token),
        data: { id: forecastId, action: 'approve' },
      })
    ).json()) as Envelope<unknown>;
    expect(again.code, JSON.stringify(again)).not.toBe(200);
    const db = new pg.Client({ connectionString: prod.databaseUrl });
    await db.connect();
    try {
      const moved = await db.query<{ amount: string }>(
        `select e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.reference = $1 and e.type = 'transfer_in'`,
        [forecastId],
      );
      expect(moved.rows.map((row) => Number(row.amount))).toEqual([125_010]);
    } finally {
      await db.end();
    }
    await page.reload();
    expect(await walletBalance(page, 'USD')).toBe(usdBefore + 125_010);
  });

  await test.step('tokens are refused across the line: customer on console, operator on customer', async () => {
    const customerToken = await accessToken(page);
    const onConsole = (await (
      await page.request.get('/api/operator/forecasts', { headers: auth(customerToken) })
    ).json()) as Envelope<unknown>;
    expect(onConsole.code, JSON.stringify(onConsole)).toBe(401);
    const onCustomer = (await (
      await page.request.get('/api/notice/list?pageNo=1&pageSize=10', { headers: auth(finance.token) })
    ).json()) as Envelope<unknown>;
    expect(onCustomer.code, JSON.stringify(onCustomer)).toBe(401);
  });

  const title = `Prod notice ${Date.now().toString(36)}`;
  const notice = {
    lang: 'en',
    // The carousel runs every published notice but the banner's ticker (contract/notices.ts kinds).
    kind: 'normal',
    title,
    msg: '<p>Cards in the new segment open from Monday.</p>',
    audience: 'all',
    targets: [],
  };

  await test.step('a finance operator is refused the notices', async () => {
    const refused = (await (
      await page.request.post('/api/operator/notices/save', { headers: auth(finance.token), data: notice })
    ).json()) as Envelope<unknown>;
    expect(refused.code, JSON.stringify(refused)).toBe(4030);
    await finance.page.context().close();
  });

  await test.step('a support operator publishes a notice to all customers; their carousel shows it', async () => {
    const support = await enrolOperator(browser, `support.${Date.now().toString(36)}@example.com`, 'support');
    // Written and published on the console's notices desk, as the support team would.
    const desk = support.page;
    await desk.getByRole('navigation').getByRole('link', { name: 'Notices' }).click();
    await desk.getByRole('button', { name: 'Write a notice' }).click();
    const editor = desk.getByTestId('notice-editor');
    await editor.getByRole('option', { name: /English/ }).click();
    await editor.getByRole('option', { name: /Carousel and dialog/ }).click();
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Body').fill(notice.msg);
    await editor.getByRole('option', { name: 'All customers' }).click();
    await editor.getByRole('button', { name: 'Save draft' }).click();
    const written = desk.getByTestId('console-notice').filter({ hasText: title });
    await expect(written).toContainText('Draft');
    await written.getByRole('button', { name: 'Publish' }).click();
    await expect(desk.getByTestId('publish-audience')).toHaveText(
      'Every customer using this language will see it.',
    );
    await desk.getByTestId('notice-publish').getByRole('button', { name: 'Publish now' }).click();
    await expect(written).toContainText('Published');
    await support.page.context().close();

    // The home page reloads its notices whenever it is opened (NoticeCenter).
    await page.goto('/#/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    const carousel = page.getByTestId('notice-carousel');
    await expect(carousel.getByTestId('notice-carousel-item').filter({ hasText: title })).toBeVisible();
  });
});
