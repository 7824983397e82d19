/**
 * Issue 16 end to end, on phone and desktop: Google Authenticator bound with a code computed from
 * the shown key, signing in with it, unbinding through the step-up; the e-mail changed with both
 * codes (the step-up sheet's Confirm pressed normally, also above the keyboard); the logs read and
 * filtered, with who acted; a top-up over the unverified ceiling refused with a way to /identity; a
 * KYB order sent back for one item, answered and approved, after which a USD transfer forecast is
 * allowed.
 */
import { TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import type { Account } from './fixtures';
import { apiSignIn, expect, newEmail, outboxCode, signInWithStorage, test } from './fixtures';
import { TINY_PNG } from './identity-helpers';
import { useLanguage } from './pwa-helpers';

const BASIC = `Basic ${Buffer.from('portal:portal').toString('base64')}`;

function totpOf(secret: string): TOTP {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
}

/** A code of a later 30-second window than `used` (each code is accepted once). */
async function freshCode(totp: TOTP, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totp.generate();
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function upload(page: Page, testId: string) {
  await page
    .getByTestId(`${testId}-input`)
    .setInputFiles({ name: 'doc.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId(`${testId}-success`)).toBeVisible();
}

test('Google Authenticator: bind with the shown key, sign in with it, unbind through the step-up', async ({
  page,
  account,
}) => {
  test.slow();
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/googleAuth');
  await expect(page.getByTestId('google-page')).toHaveAttribute('data-bound', 'no');
  await page.getByTestId('google-start').click();
  const secret = (await page.getByTestId('google-secret').textContent())!.trim();
  const totp = totpOf(secret);
  const used = new Set<string>();
  await page.getByTestId('google-code').fill(await freshCode(totp, used));
  await page.getByTestId('google-bind').click();
  await expect(page.getByTestId('google-page')).toHaveAttribute('data-bound', 'yes');

  // Signing in now needs the Google code after the password.
  const first = (await (
    await page.request.post('/api/user/loginPwd', {
      headers: { authorization: BASIC },
      form: { username: account.email, password: account.password },
    })
  ).json()) as { code: number; data: { ticket: string } };
  expect(first.code).toBe(428);
  const second = (await (
    await page.request.post('/api/user/loginByGoogle', {
      headers: { authorization: BASIC },
      form: { ticket: first.data.ticket, googleCode: await freshCode(totp, used) },
    })
  ).json()) as { code: number };
  expect(second.code).toBe(200);

  await page.getByTestId('google-unbind').click();
  await page.getByTestId('step-up-google-code').fill(await freshCode(totp, used));
  await page.getByTestId('step-up-submit').click();
  await expect(page.getByTestId('google-page')).toHaveAttribute('data-bound', 'no');
});

test('the e-mail is changed with a code to each address after the password step-up', async ({
  page,
  account,
}) => {
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/account/security');
  const next = newEmail('moved');
  await page.getByTestId('email-new').fill(next);
  const since = Date.now();
  await page.getByTestId('email-send').click();
  await page.getByTestId('step-up-password').fill(account.password);
  const viewport = page.viewportSize()!;
  if (viewport.width < 768) {
    // The on-screen keyboard takes the lower part of the screen (index.html asks the browser to
    // resize the page for it): the sheet's Confirm must still be on screen above it.
    await page.setViewportSize({ width: viewport.width, height: viewport.height - 340 });
    await expect(page.getByTestId('step-up-submit')).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByTestId('step-up-submit')).toBeInViewport({ ratio: 1 });
  await page.getByTestId('step-up-submit').click();
  await page.setViewportSize(viewport);
  const oldCode = await outboxCode(page.request, account.email, since);
  const newCode = await outboxCode(page.request, next, since);
  await page.getByTestId('email-old-code').fill(oldCode);
  await page.getByTestId('email-new-code').fill(newCode);
  await page.getByTestId('email-save').click();
  await expect(page.getByTestId('profile-email')).toHaveText(next);
  await apiSignIn(page.request, { email: next, password: account.password });
});

test('the logs show sign-ins, failures by filter, and operations', async ({ page, account }) => {
  // One failed sign-in to filter on.
  await page.request.post('/api/user/loginPwd', {
    headers: { authorization: BASIC },
    form: { username: account.email, password: 'Wrong-passw0rd!' },
  });
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/operate');
  await expect(page.getByTestId('login-row').first()).toBeVisible();
  await page.getByTestId('logs-result').selectOption('failure');
  await expect(page.getByTestId('login-row')).toHaveCount(1);
  await expect(page.getByTestId('login-row').first()).toHaveAttribute('data-result', 'failure');
  await page.getByTestId('logs-kind').selectOption('operate');
  await page.getByTestId('logs-result').selectOption('all');
  await expect(page.getByTestId('operate-page')).toBeVisible();
  // The sign-up is the owner's own operation; a member filter leaves it out.
  await expect(page.getByTestId('operate-who').first()).toHaveText('Owner');
  await page.getByTestId('logs-subject').fill('no-such-card');
  await page.getByTestId('logs-search').click();
  await expect(page.getByTestId('operate-row')).toHaveCount(0);
});

async function deskOrderOf(page: Page, account: Account): Promise<{ id: string; status: string }> {
  const list = (await (
    await page.request.get(`/sandbox/api/identity?email=${encodeURIComponent(account.email)}`)
  ).json()) as {
    id: string;
    status: string;
  }[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

test('a KYB order is sent back for one item, answered, approved, and USD transfers open', async ({
  page,
  account,
}) => {
  test.slow();
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/home');
  // A new account reaches verification through the first step of its start (issue 34 §2).
  await page.getByTestId('start-step-verify').getByRole('link').click();
  await expect(page.getByTestId('identity-levels')).toHaveAttribute('data-level', 'unverified');

  await page.getByTestId('identity-kind').selectOption('business');
  await page.getByTestId('identity-companyName').fill('E2E Trading Ltd');
  await page.getByTestId('identity-registrationNumber').fill('E2E-778899');
  await upload(page, 'identity-doc-licenceFileId');
  await page.getByTestId('identity-personName').fill('Li Lei');
  await page.getByTestId('identity-idType').selectOption('passport');
  await page.getByTestId('identity-idNumber').fill('E7654321');
  await page.getByTestId('identity-idExpiresOn').fill('2030-12-31');
  await upload(page, 'identity-doc-idFrontFileId');
  await upload(page, 'identity-doc-idBackFileId');
  await page.getByTestId('identity-submit').click();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-status', 'submitted');

  const order = await deskOrderOf(page, account);
  expect((await page.request.post(`/sandbox/api/identity/${order.id}/start`)).ok()).toBe(true);
  const asked = await page.request.post(`/sandbox/api/identity/${order.id}/ask`, {
    data: { field: 'licenceFileId', question: 'The licence photo is blurred' },
  });
  expect(asked.ok()).toBe(true);

  await page.reload();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-status', 'needs_info');
  await expect(page.getByTestId('identity-item')).toContainText('The licence photo is blurred');
  await upload(page, 'identity-item-file');
  await page.getByTestId('identity-item-send').click();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-status', 'submitted');

  expect((await page.request.post(`/sandbox/api/identity/${order.id}/approve`, { data: {} })).ok()).toBe(
    true,
  );
  await page.reload();
  await expect(page.getByTestId('identity-levels')).toHaveAttribute('data-level', 'business');

  const { access_token: token } = await apiSignIn(page.request, account);
  const amount = (await (
    await page.request.get('/api/account/topup/amount', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { canForecast: boolean } };
  expect(amount.data.canForecast).toBe(true);
  await page.goto('/#/FinanceRechargeBank');
  await expect(page.getByTestId('forecast-amount')).toBeVisible();
});

test('a top-up over the unverified ceiling is refused with a way to the verification page', async ({
  page,
  account,
}) => {
  const { access_token: token } = await apiSignIn(page.request, account);
  const first = (await (
    await page.request.post('/api/account/recharge/qrCreate', {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${Date.now()}` },
      form: { channel: 'wechat', amount: '1600000' },
    })
  ).json()) as { code: number };
  expect(first.code).toBe(200);
  await useLanguage(page, 'en');
  await signInWithStorage(page, account, '/#/FinanceRechargeOnline?channel=wechat');
  await page.getByTestId('recharge-amount').fill('5000');
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('topup-confirm-confirm').click();
  await expect(page.getByTestId('identity-refusal')).toContainText('Verify your identity');
  await page.getByTestId('identity-refusal-go').click();
  await expect(page.getByTestId('identity-levels')).toHaveAttribute('data-level', 'unverified');
});

test('pages render in both languages (screenshots)', async ({ page, account }, info) => {
  for (const lang of ['cn', 'en'] as const) {
    await useLanguage(page, lang);
    for (const path of ['account', 'account/security', 'googleAuth', 'operate', 'identity']) {
      await signInWithStorage(page, account, `/#/${path}`);
      await expect(page.locator('.cp-page').first()).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `.tmp/shots/${info.project.name}-${lang}-${path.replace('/', '-')}.png`,
        fullPage: true,
      });
    }
  }
});

const SECTIONS = {
  cn: { security: '邮箱与密码', back: '个人账户', newDevice: '新设备', raw: '浏览器原始标识' },
  en: {
    security: 'E-mail and password',
    back: 'Personal account',
    newDevice: 'New device',
    raw: 'What the browser sent',
  },
} as const;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

for (const lang of ['cn', 'en'] as const) {
  test(`the personal centre is a list of sections, each its own screen (${lang}, issue 34 §4)`, async ({
    page,
    account,
  }, info) => {
    await useLanguage(page, lang);
    await signInWithStorage(page, account, '/#/account');
    await expect(page.getByTestId('section-list')).toBeVisible();
    await page.screenshot({
      path: `.tmp/shots/sections-${info.project.name}-${lang}-index.png`,
      fullPage: true,
    });
    // The index holds no form: the forms are on the section screens.
    await expect(page.getByTestId('email-change')).toHaveCount(0);
    await expect(page.getByTestId('password-change')).toHaveCount(0);
    await page.getByTestId('section-security').click();
    await expect(page).toHaveURL(/#\/account\/security$/);
    const screen = page.getByTestId('section-screen');
    await expect(screen).toHaveAttribute('data-section', 'security');
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText(SECTIONS[lang].security);
    await expect(page.getByTestId('email-change')).toBeVisible();
    await page.screenshot({
      path: `.tmp/shots/sections-${info.project.name}-${lang}-security.png`,
      fullPage: true,
    });
    await expect(page.getByTestId('plan')).toHaveCount(0);
    await page.getByTestId('section-back').click();
    await expect(page.getByTestId('account-page')).toBeVisible();
    await page.getByTestId('section-plan').click();
    await expect(page.getByTestId('plan')).toBeVisible();
    // A name that is no section goes back to the index.
    await page.goto('/#/account/nothing-here');
    await expect(page.getByTestId('account-page')).toBeVisible();
  });

  test(`the login log shows one card per sign-in with the parsed device (${lang}, issue 34 §4)`, async ({
    page,
    account,
  }, info) => {
    // A first sign-in from this browser, then one from an iPhone: a new device for this account.
    await apiSignIn(page.request, account);
    const signed = await page.request.post('/api/user/loginPwd', {
      headers: { authorization: BASIC, 'user-agent': IPHONE },
      form: { username: account.email, password: account.password },
    });
    expect(signed.ok()).toBe(true);
    await useLanguage(page, lang);
    await signInWithStorage(page, account, '/#/operate');
    const log = page.getByTestId('login-log');
    await expect(page.getByTestId('login-row').first()).toBeVisible();
    const iphone = page.getByTestId('login-row').filter({ hasText: 'Safari 17 · iOS 17 · iPhone' });
    await expect(iphone).toHaveCount(1);
    await expect(iphone.getByTestId('login-new')).toHaveText(SECTIONS[lang].newDevice);
    await expect(log).not.toContainText('Mozilla/5.0');
    await expect(log).not.toContainText('HeadlessChrome');
    const phone = page.viewportSize()!.width < 768;
    if (phone) {
      // Cards, one per sign-in, each readable on one screen width (no one-character lines).
      await expect(log.locator('li').first()).toBeVisible();
      const box = (await iphone.boundingBox())!;
      expect(box.height).toBeLessThan(130);
      expect(box.width).toBeGreaterThan(300);
      await iphone.click();
    } else {
      await iphone.getByRole('button').click();
    }
    await page.screenshot({
      path: `.tmp/shots/sections-${info.project.name}-${lang}-logins.png`,
      fullPage: true,
    });
    const sheet = page.getByTestId('login-detail');
    await expect(sheet.getByTestId('login-detail-raw')).toContainText(SECTIONS[lang].raw);
    await expect(sheet.getByTestId('login-detail-raw')).toContainText('Mozilla/5.0 (iPhone');
  });
}
