/**
 * The operator console (issue 31), every screen in the phone and desktop projects, in zh and en:
 * set-up link, sign-in with the authenticator, the review desks, the audit log with its export,
 * operator management. Operators come from the demo-only sandbox endpoint, one per test.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import { expect, expectAccessible, newEmail, test } from './fixtures';

interface Made {
  email: string;
  setupPath: string;
  totpSecret: string;
  password: string;
}

async function makeOperator(request: APIRequestContext, role: string, ready = true): Promise<Made> {
  const email = newEmail(`op-${role}`);
  const res = await request.post('/sandbox/api/operators', { data: { email, role, ready } });
  expect(res.ok()).toBe(true);
  return { email, ...((await res.json()) as Omit<Made, 'email'>) };
}

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function useLang(page: Page, lang: 'en' | 'cn'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('console.lang', value), lang);
}

async function signIn(page: Page, made: Made, lang: 'en' | 'cn'): Promise<void> {
  await useLang(page, lang);
  await page.goto('/console');
  await page.getByLabel(lang === 'en' ? 'E-mail' : '邮箱').fill(made.email);
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill(made.password);
  await page.getByLabel(lang === 'en' ? 'Authenticator code' : '验证器动态码').fill(codeOf(made.totpSecret));
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : '登录' }).click();
  await expect(page.getByTestId('console-who')).toContainText(made.email);
}

test('set-up link: enrol the authenticator, set the password (zh)', async ({ page, request }) => {
  const made = await makeOperator(request, 'support', false);
  await useLang(page, 'cn');
  await page.goto(made.setupPath);
  await expect(page.getByRole('heading', { name: '设置操作员账号' })).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveText(made.totpSecret);
  await expect(page.getByRole('img', { name: '验证器二维码' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('新密码（至少 10 位）').fill('Support-pass-2026');
  await page.getByLabel('确认密码').fill('Support-pass-2026');
  await page.getByLabel('验证器动态码').fill(codeOf(made.totpSecret));
  await page.getByRole('button', { name: '完成设置' }).click();
  await expect(page.getByRole('heading', { name: '控制台登录' })).toBeVisible();
  // Spent: the same link is dead.
  await page.goto(made.setupPath);
  await expect(page.getByText('该设置链接已失效')).toBeVisible();
});

test('sign-in refuses a wrong code; a finance operator sees only its desks (en)', async ({
  page,
  request,
}) => {
  const made = await makeOperator(request, 'finance');
  await useLang(page, 'en');
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: 'Console sign-in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(made.email);
  await page.getByLabel('Password').fill(made.password);
  await page.getByLabel('Authenticator code').fill(codeOf(made.totpSecret, 10));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The authenticator code is not right')).toBeVisible();
  await signIn(page, made, 'en');
  const nav = page.getByRole('navigation', { name: 'Desks' });
  await expect(nav.getByRole('link')).toHaveText(['Transfer forecasts', 'Payouts']);
  await expect(page.getByRole('heading', { name: 'Transfer forecasts' })).toBeVisible();
  await expectAccessible(page);
  await nav.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  // A desk outside the role is not reachable by its address either.
  await page.goto('/console#/desk/audit');
  await expect(page.getByRole('heading', { name: 'Transfer forecasts' })).toBeVisible();
});

test('identity review desk (zh)', async ({ page, request }) => {
  await signIn(page, await makeOperator(request, 'compliance'), 'cn');
  await expect(page.getByRole('heading', { name: '实名审核' })).toBeVisible();
  await expectAccessible(page);
});

test('audit log and its CSV export; operator management (en)', async ({ page, request }) => {
  const admin = await makeOperator(request, 'admin');
  await signIn(page, admin, 'en');
  await page.getByRole('navigation', { name: 'Desks' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByPlaceholder('Operator e-mail').fill(admin.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('audit-entry').first()).toContainText('operators.signIn');
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^operator-audit-.*\.csv$/);

  await page.getByRole('navigation', { name: 'Desks' }).getByRole('link', { name: 'Operators' }).click();
  const email = newEmail('op-new');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('option', { name: 'Support' }).click();
  await page.getByLabel('Authenticator code').fill(codeOf(admin.totpSecret, 1));
  await page.getByRole('button', { name: 'Add an operator' }).click();
  await expect(page.getByTestId('setup-link')).toContainText('/console#/setup/');
  await expect(page.getByTestId('operator').filter({ hasText: email })).toContainText('Set-up pending');
  await expectAccessible(page);
});

test('operator management in Chinese; sign-out ends the session (zh)', async ({ page, request }) => {
  await signIn(page, await makeOperator(request, 'admin'), 'cn');
  await page.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '操作员' }).click();
  await expect(page.getByRole('heading', { name: '操作员' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByRole('heading', { name: '控制台登录' })).toBeVisible();
  await page.goto('/console#/desk/operators');
  await expect(page.getByRole('heading', { name: '控制台登录' })).toBeVisible();
});
