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
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { TINY_PNG } from '../e2e/identity-helpers';
import type { Production } from './kit/production';
import { startProduction } from './kit/production';

const PASSWORD = 'Prod-e2e-Passw0rd!';

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

  await test.step('identity documents go to the object store, the provider decides', async () => {
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
    const decided = await prod.identity.approve(portal, sent.data.order.id);
    expect(decided.body.code, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data).toMatchObject({ status: 'approved' });
  });

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
