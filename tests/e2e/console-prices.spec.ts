/**
 * The console's segments, fees, rate plans and coupons desks (issue 31 §2), in the phone and desktop
 * projects, zh and en: a fee change scheduled for later is listed as scheduled (and withdrawn); one
 * in force now is what the demo customer's quote in the PWA uses; a segment goes into maintenance
 * and back; a coupon is issued and ended; the audit desk lists each action. The two projects run side
 * by side on one server, so each changes segments of its own.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import { DEMO, expect, expectAccessible, newEmail, signInWithStorage, test } from './fixtures';

interface Made {
  email: string;
  totpSecret: string;
  password: string;
}

type Lang = 'en' | 'cn';

const T = {
  en: {
    nav: 'Desks',
    prices: 'Segments & fees',
    coupons: 'Coupons',
    audit: 'Audit log',
    changeFees: 'Change fees',
    openFee: 'Opening fee',
    later: 'From a time',
    at: 'Effective from (your local time)',
    reason: 'Reason',
    schedule: 'Schedule the change',
    applyNow: 'Apply now',
    withdraw: 'Withdraw',
    openForNew: 'Open for new cards',
    pause: 'Put into maintenance',
    open: 'Open the segment',
    maintenance: 'Maintenance',
    openTag: 'Open',
    customer: "Customer's e-mail",
    search: 'Search',
    issue: 'Issue a coupon',
    discount: 'Discount (%)',
    until: 'Valid until',
    end: 'End the coupon',
    ended: 'Ended',
    active: 'Active',
    plans: 'Rate plans',
    none: 'This customer has no coupons',
  },
  cn: {
    nav: '工作台',
    prices: '卡段与费率',
    coupons: '优惠券',
    audit: '审计日志',
    changeFees: '调整费率',
    openFee: '开卡费',
    later: '指定时间',
    at: '生效时间（本地时间）',
    reason: '原因',
    schedule: '预约调整',
    applyNow: '立即生效',
    withdraw: '撤回',
    openForNew: '开放开卡',
    pause: '设为维护',
    open: '开放卡段',
    maintenance: '维护中',
    openTag: '开放',
    customer: '客户邮箱',
    search: '查询',
    issue: '发放优惠券',
    discount: '折扣（%）',
    until: '有效期至',
    end: '结束优惠券',
    ended: '已结束',
    active: '有效',
    plans: '费率套餐',
    none: '该客户没有优惠券',
  },
} as const;

async function makeAdmin(request: APIRequestContext): Promise<Made> {
  const email = newEmail('op-prices');
  const res = await request.post('/sandbox/api/operators', { data: { email, role: 'admin', ready: true } });
  expect(res.ok()).toBe(true);
  return { email, ...((await res.json()) as Omit<Made, 'email'>) };
}

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

async function signIn(page: Page, made: Made, lang: Lang): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('console.lang', value), lang);
  await page.goto('/console');
  await page.getByLabel(lang === 'en' ? 'E-mail' : '邮箱').fill(made.email);
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill(made.password);
  await page.getByLabel(lang === 'en' ? 'Authenticator code' : '验证器动态码').fill(codeOf(made.totpSecret));
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : '登录' }).click();
  await expect(page.getByTestId('console-who')).toContainText(made.email);
}

async function desk(page: Page, lang: Lang, name: string): Promise<void> {
  await page.getByRole('navigation', { name: T[lang].nav }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The segments this project changes: the two projects run at once against one server. */
function segmentsOf(info: TestInfo) {
  return info.project.name === 'phone'
    ? { fees: 'visa-428837', status: 'mc-556766' }
    : { fees: 'mc-531993', status: 'visa-485932' };
}

/** A datetime-local value `ms` from now, in the browser's zone (the machine's, like the test's). */
function localInput(ms: number): string {
  const at = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: false });
}

for (const lang of ['cn', 'en'] as const) {
  test(`fees: scheduled, withdrawn, in force now and quoted in the PWA; a segment paused and reopened (${lang})`, async ({
    page,
    request,
  }, info) => {
    test.slow(); // a console session, three fee changes, a status change, then the PWA
    const t = T[lang];
    const admin = await makeAdmin(request);
    const { fees, status } = segmentsOf(info);
    await signIn(page, admin, lang);
    await desk(page, lang, t.prices);
    await expectAccessible(page);
    const card = page.getByTestId(`segment-${fees}`);

    // Scheduled for tomorrow: listed as scheduled, not in force.
    const scheduledFee = (300 + Math.floor(Math.random() * 600)) / 100;
    await card.getByRole('button', { name: t.changeFees }).click();
    const sheet = page.getByTestId('fee-sheet');
    await sheet.getByRole('textbox', { name: t.openFee, exact: true }).fill(scheduledFee.toFixed(2));
    await sheet.getByText(t.later, { exact: true }).click();
    await sheet.getByLabel(t.at).fill(localInput(24 * 3_600_000 + Math.floor(Math.random() * 600) * 60_000));
    await sheet.getByRole('textbox', { name: t.reason }).fill('e2e: next tariff');
    await shot(page, info, `fee-sheet-${lang}`);
    await expectAccessible(page);
    await sheet.getByRole('button', { name: t.schedule }).click();
    await expect(sheet).toHaveCount(0);
    const scheduled = card.locator('[data-testid="fee-version"][data-state="scheduled"]');
    await expect(scheduled.filter({ hasText: scheduledFee.toFixed(2) })).toHaveCount(1);
    await shot(page, info, `prices-${lang}`);
    // Withdrawn again, so runs do not pile up scheduled changes.
    await scheduled
      .filter({ hasText: scheduledFee.toFixed(2) })
      .getByRole('button', { name: t.withdraw })
      .click();
    await page.getByTestId('reason-sheet').getByRole('textbox', { name: t.reason }).fill('e2e: tidy up');
    await page.getByTestId('reason-sheet').getByRole('button', { name: t.withdraw }).click();
    await expect(scheduled.filter({ hasText: scheduledFee.toFixed(2) })).toHaveCount(0);

    // In force now: below the plan's opening fee, so the customer's quote uses it.
    const nowFee = (101 + Math.floor(Math.random() * 98)) / 100;
    await card.getByRole('button', { name: t.changeFees }).click();
    await sheet.getByRole('textbox', { name: t.openFee, exact: true }).fill(nowFee.toFixed(2));
    await sheet.getByRole('textbox', { name: t.reason }).fill('e2e: cheaper now');
    await sheet.getByRole('button', { name: t.applyNow }).click();
    await expect(sheet).toHaveCount(0);
    await expect(card.getByTestId('fees-now')).toContainText(nowFee.toFixed(2));
    await expect(card.locator('[data-testid="fee-version"][data-state="current"]')).toContainText(
      nowFee.toFixed(2),
    );

    // A segment into maintenance and open again.
    const other = page.getByTestId(`segment-${status}`);
    await other.getByRole('switch', { name: t.openForNew }).click();
    await page
      .getByTestId('reason-sheet')
      .getByRole('textbox', { name: t.reason })
      .fill('e2e: issuer maintenance');
    await shot(page, info, `reason-sheet-${lang}`);
    await page.getByTestId('reason-sheet').getByRole('button', { name: t.pause }).click();
    await expect(other.getByTestId('segment-status')).toHaveText(t.maintenance);
    await other.getByRole('switch', { name: t.openForNew }).click();
    await page.getByTestId('reason-sheet').getByRole('textbox', { name: t.reason }).fill('e2e: back');
    await page.getByTestId('reason-sheet').getByRole('button', { name: t.open }).click();
    await expect(other.getByTestId('segment-status')).toHaveText(t.openTag);

    // Plans tab.
    await page.getByRole('tab', { name: t.plans }).click();
    await expect(page.getByTestId('plan-standard')).toBeVisible();
    await shot(page, info, `plans-${lang}`);

    // The audit desk lists the changes.
    await desk(page, lang, t.audit);
    await page.getByPlaceholder(lang === 'en' ? 'Operator e-mail' : '操作员邮箱').fill(admin.email);
    await page.getByRole('button', { name: t.search }).click();
    const entries = page.getByTestId('audit-entry');
    for (const action of ['fees.segment.change', 'fees.segment.withdraw', 'segments.status'])
      await expect(entries.filter({ hasText: action }).first()).toBeVisible();

    // The customer's quote in the PWA uses the fee in force now.
    const pwa = await page.context().newPage();
    await signInWithStorage(pwa, DEMO, '/#/cardOpen');
    await pwa.getByTestId(`open-segment-${fees}`).click();
    await pwa.getByTestId('open-amount').fill('50');
    await expect(pwa.getByTestId('open-cost-openFee')).toContainText(nowFee.toFixed(2));
  });

  test(`coupons: issued to the demo customer and ended, both in the audit log (${lang})`, async ({
    page,
    request,
  }, info) => {
    test.slow(); // a console session, two coupon actions, two axe runs, then the audit desk
    const t = T[lang];
    const admin = await makeAdmin(request);
    await signIn(page, admin, lang);
    await desk(page, lang, t.coupons);
    await page.getByRole('textbox', { name: t.customer }).fill(DEMO.email);
    await page.getByRole('button', { name: t.search }).click();
    // The list has loaded (the demo customer's coupons, or none) before it is counted.
    await expect(page.getByTestId('coupon').or(page.getByText(t.none)).first()).toBeVisible();
    const before = await page.getByTestId('coupon').count();
    await page.getByRole('button', { name: t.issue }).click();
    const sheet = page.getByTestId('coupon-sheet');
    await expect(sheet.getByRole('textbox', { name: t.customer })).toHaveValue(DEMO.email);
    await sheet.getByRole('textbox', { name: t.discount }).fill('15');
    await sheet.getByLabel(t.until).fill(localInput(7 * 24 * 3_600_000));
    await sheet.getByRole('textbox', { name: t.reason }).fill('e2e: goodwill');
    await shot(page, info, `coupon-sheet-${lang}`);
    await expectAccessible(page);
    await sheet.getByRole('button', { name: t.issue }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('coupon')).toHaveCount(before + 1);
    const fresh = page.getByTestId('coupon').first();
    await expect(fresh.getByTestId('coupon-state')).toHaveText(t.active);
    await expect(fresh).toContainText('15%');
    await shot(page, info, `coupons-${lang}`);
    // The "issued" toast fades out over the list: axe judges the list once it has gone.
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await expectAccessible(page);

    await fresh.getByRole('button', { name: t.end }).click();
    await page
      .getByTestId('reason-sheet')
      .getByRole('textbox', { name: t.reason })
      .fill('e2e: issued by mistake');
    await page.getByTestId('reason-sheet').getByRole('button', { name: t.end }).click();
    await expect(page.getByTestId('coupon').first().getByTestId('coupon-state')).toHaveText(t.ended);

    await desk(page, lang, t.audit);
    await page.getByPlaceholder(lang === 'en' ? 'Operator e-mail' : '操作员邮箱').fill(admin.email);
    await page.getByRole('button', { name: t.search }).click();
    for (const action of ['coupons.issue', 'coupons.end'])
      await expect(page.getByTestId('audit-entry').filter({ hasText: action }).first()).toBeVisible();
  });
}
