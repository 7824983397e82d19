/**
 * Issue 18 §5 "fit and finish", on every screen: an axe scan (WCAG 2 A/AA, contrast included) of
 * every route of the route table, in both viewports, and on the phone a measure of every visible
 * control against the 44 × 44 px touch target. The routes come from src/contract/routes.ts, so a
 * route added there is scanned without touching this file.
 */
import type { Page } from '@playwright/test';
import { ROUTE_ROWS } from '../../src/contract/routes';
import { expect, expectAccessible, signInWithStorage, test } from './fixtures';

const MIN_TARGET = 44;

/** The main account's routes (the sub-account set is a team member's and answers noPermission here). */
const SIGNED_IN_PATHS = [
  ...new Set(
    Object.values(ROUTE_ROWS)
      .filter((row) => (row.sets as readonly string[]).includes('main'))
      .map((row) => row.path),
  ),
];
const SIGNED_OUT_PATHS = ['/', '/signup', '/404', '/subInvite'] as const;

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control smaller than 44 × 44 px, except the documented exceptions (WCAG 2.5.5):
 * - a link inside a sentence, marked `.cp-inline-link` (its size is the text's, as the criterion
 *   allows for inline targets). The sign-up agreement's "Privacy Policy" and "Terms of Service" no
 *   longer are: they are full 44 px targets (issue 34 §7);
 * - an input whose row is the target: the input sits in a field row at least 44 px high, and a tap
 *   anywhere on the row focuses it (antd-mobile's List.Item / Form.Item, our .cp-field);
 * - a control marked `data-target-exception` with its reason (checked to be written out).
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="link"]',
      '[role="menuitem"]',
    ].join(',');
    const found: { what: string; width: number; height: number }[] = [];
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().slice(0, 30);
      const label = el.getAttribute('aria-label') ?? '';
      const cls = (el.getAttribute('class') ?? '').split(' ')[0] ?? '';
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls ? `.${cls}` : ''} "${label || text}"`;
    };
    const isVisible = (el: Element, rect: DOMRect) => {
      if (rect.width === 0 || rect.height === 0) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      // Off screen horizontally (a sliding copy) or scrolled far out is still a target; a zero
      // opacity ancestor (a closing sheet) is not.
      for (let node: Element | null = el; node; node = node.parentElement) {
        const own = getComputedStyle(node);
        if (Number(own.opacity) === 0 || own.display === 'none' || own.visibility === 'hidden') return false;
      }
      return true;
    };
    const inSentence = (el: Element) => {
      if (!el.classList.contains('cp-inline-link')) return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const own = (el.textContent ?? '').trim().length;
      return (parent.textContent ?? '').trim().length > own + 3;
    };
    const rowTarget = (el: Element) => {
      if (!['INPUT', 'TEXTAREA'].includes(el.tagName)) return false;
      // Checkboxes and radios are judged by their label below.
      const row = el.closest('.adm-list-item, .adm-form-item, .cp-field, label');
      return row ? row.getBoundingClientRect().height >= min : false;
    };
    for (const control of document.querySelectorAll(selector)) {
      // A visually hidden input (a file picker) is reached through its label: the label is the target.
      const hiddenInput =
        control instanceof HTMLInputElement && control.classList.contains('cp-visually-hidden');
      const el = hiddenInput
        ? (control.closest('label') ??
          (control.id ? document.querySelector(`label[for="${control.id}"]`) : null))
        : control;
      if (!el) {
        found.push({ what: `${describe(control)} (hidden, no label)`, width: 0, height: 0 });
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (!isVisible(el, rect)) continue;
      if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
        const label = el.closest('label');
        if (label) {
          const box = label.getBoundingClientRect();
          if (box.width >= min && box.height >= min) continue;
          found.push({ what: describe(label), width: Math.round(box.width), height: Math.round(box.height) });
          continue;
        }
      }
      if (rect.width >= min - 0.5 && rect.height >= min - 0.5) continue;
      if (inSentence(el) || rowTarget(el)) continue;
      const exception = el.closest('[data-target-exception]')?.getAttribute('data-target-exception');
      if (exception && exception.trim().length > 10) continue;
      found.push({ what: describe(el), width: Math.round(rect.width), height: Math.round(rect.height) });
    }
    return found;
  }, MIN_TARGET);
}

/** Waits for the page's first content: the shell's main area or the page's own main. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible();
  // Bounded: a page with a long poll never goes idle, and that must not cost the test its time.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  // Lists and figures arrive after the frame.
  await page.waitForTimeout(400);
}

/** What the Content-Security-Policy refused on the current document (recorded by beforeEach). */
function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/**
 * axe, the CSP and (phone) the targets of one screen; soft, so one run lists every screen's
 * findings. A refused script, style or connection is a broken feature or, as zod's `new Function`
 * probe was, a report in the browser's Issues panel that Lighthouse counts against the page.
 */
async function check(page: Page, name: string): Promise<void> {
  await test.step(name, async () => {
    await expectAccessible(page).catch((error: Error) =>
      expect.soft(error.message, `axe on ${name}`).toBe(''),
    );
    expect.soft(await cspViolations(page), `CSP violations on ${name}`).toEqual([]);
    if (isPhone(page)) expect.soft(await smallTargets(page), `small targets on ${name}`).toEqual([]);
  });
}

/** English for readable assertions, unless a test chose the language itself. */
test.beforeEach(async ({ page }) => {
  // The live stream (an open Server-Sent Events request) is not what these scans look at, and it
  // keeps the network busy for ever; without it the app polls, as it does whenever the stream is down.
  await page.route('**/api/live', (route) => route.abort());
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
});

test.describe('every route', () => {
  for (const lang of ['en', 'cn'] as const) {
    test(`signed out (${lang}): axe and touch targets`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
      for (const path of SIGNED_OUT_PATHS) {
        await page.goto(`/#${path}`);
        await settle(page);
        await check(page, path);
      }
    });

    test(`signed in (${lang}): axe and touch targets on every route`, async ({ page, account }) => {
      // Every WCAG 2.x A/AA and best-practice rule on every route (issue 34 §8): about twice the
      // work of the two tags it ran before.
      test.setTimeout(420_000);
      await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
      await signInWithStorage(page, account);
      for (const path of SIGNED_IN_PATHS) {
        await page.goto(`/#${path}`);
        await expect(page.getByTestId('shell')).toBeVisible();
        await settle(page);
        await check(page, path);
      }
    });
  }
});

test('open sheets: customer service and the notices, scanned like the pages', async ({ page, account }) => {
  await signInWithStorage(page, account);
  // The phone's one notice slot holds the ticker while the banner notice is up (issue 34 §2).
  await expect(page.getByTestId('notices-more')).toBeVisible();
  await page.getByTestId('service-button').click();
  await expect(page.getByTestId('service-qr-wechat')).toBeVisible();
  await check(page, 'customer service');
  await page.getByTestId('service-dialog').getByTestId('sheet-close').click();
  await expect(page.getByTestId('service-dialog')).toBeHidden();
  await page.getByTestId('notices-more').click();
  await expect(page.getByTestId('notice-list-item').first()).toBeVisible();
  await check(page, 'notices');
  await page.getByTestId('notice-list-item').first().click();
  await expect(page.getByTestId('notice-reader')).toBeVisible();
  await check(page, 'a notice');
});

/** The sheet's status line is on screen, not below the fold. */
async function expectInView(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, testId).not.toBeNull();
  expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= height, `${testId} in view`).toBe(true);
}

test('USDT: the state leads the sheet; "I have paid" goes once pressed and while confirming', async ({
  page,
  account,
}) => {
  // An order, a chain payment in the simulator and its confirmation: slow on a busy machine.
  test.slow();
  // Every step is bounded, so that a slow one fails under its own name instead of as the test's
  // timeout: CI runs spent the whole three minutes in this test (see the payment below).
  const STEP = { timeout: 20_000 };
  await signInWithStorage(page, account, '/#/FinanceRechargeOnline?channel=usdt_trc20');
  await page.getByTestId('recharge-amount').fill('120', STEP);
  await page.getByTestId('recharge-submit').click(STEP);
  // Amount and fee are confirmed before any order exists (issue 18 §4).
  await page.getByTestId('topup-confirm-confirm').click(STEP);
  await expect(page.getByTestId('recharge-address')).toBeVisible();
  const status = page.getByTestId('recharge-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expectInView(page, 'recharge-status');

  await page.getByTestId('recharge-check').click(STEP);
  await expect(page.getByTestId('recharge-check')).toHaveCount(0);
  await expect(status).toContainText('watching the chain');
  await expectInView(page, 'recharge-status');
  await expect(page.getByTestId('recharge-close-waiting')).toBeVisible();

  // The chain sees the transfer (the sandbox's "Pay"): confirming, said at the top. Paid through
  // the simulator's API, as the other specs do, not its page: twice on desktop (CI, 27 Nov and
  // before) the first wait on this page after a second page had opened and closed never returned,
  // not even at its own 20 s bound, while the screenshot at the timeout showed "confirming".
  const orderText = await page.getByTestId('recharge-order-id').textContent(STEP);
  const orderId = /R\d+/.exec(orderText ?? '')?.[0] ?? '';
  expect(orderId).not.toBe('');
  const paid = await page.request.post(`/sandbox/api/orders/${orderId}/pay`, STEP);
  expect(paid.ok()).toBe(true);
  await expect(status).toHaveAttribute('data-status', 'confirming', { timeout: 20_000 });
  await expectInView(page, 'recharge-status');
  await expect(page.getByTestId('recharge-check')).toHaveCount(0);
  await expectAccessible(page);
  if (process.env.FIT_SCREENSHOTS) {
    await page.screenshot({ path: `.tmp/screens/fit-${test.info().project.name}-usdt-confirming.png` });
  }
});

/** WCAG relative luminance of a CSS colour the browser resolved to rgb(). */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('the colour tokens that carry white text (buttons in every sheet) keep 4.5:1', async ({ page }) => {
  await page.goto('/#/');
  await settle(page);
  // Resolved through a probe element, so var() chains and named colours come out as rgb().
  const colours = await page.evaluate(() =>
    [
      '--adm-color-primary',
      '--adm-color-danger',
      '--adm-color-warning',
      '--adm-color-success',
      '--adm-color-weak',
    ].map((token) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${token})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return { token, colour };
    }),
  );
  for (const { token, colour } of colours) {
    const ratio = (1 + 0.05) / (luminance(colour) + 0.05);
    expect(ratio, `${token} ${colour} on white`).toBeGreaterThanOrEqual(4.5);
  }
});

/**
 * Screenshots for a visual check (issue 18 §5): sign-in, home with the notice banner, customer
 * service and the side menu, in both languages. Off by default: FIT_SCREENSHOTS=1 saves them to
 * .tmp/screens/.
 */
for (const lang of ['en', 'cn'] as const) {
  test(`screenshots (${lang})`, async ({ page, account }, testInfo) => {
    test.skip(!process.env.FIT_SCREENSHOTS, 'set FIT_SCREENSHOTS=1 to take them');
    const shot = (name: string) =>
      page.screenshot({ path: `.tmp/screens/fit-${testInfo.project.name}-${lang}-${name}.png` });
    await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
    await page.goto('/#/');
    await settle(page);
    await shot('signin');
    await signInWithStorage(page, account);
    await expect(page.getByTestId('notice-banner')).toBeVisible();
    await page.waitForTimeout(600);
    await shot('home');
    await page.getByTestId('service-button').click();
    await expect(page.getByTestId('service-dialog')).toBeVisible();
    await page.waitForTimeout(600);
    await shot('service');
    await page.getByTestId('service-dialog').getByTestId('sheet-close').click();
    if (!isPhone(page)) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.waitForTimeout(300);
      await shot('home-1366');
    }
  });
}

test('the English side menu of a first-time user fits at 1280 and 1366 px: one intro line, top-level items only', async ({
  page,
  account,
}) => {
  test.skip(isPhone(page), 'the side menu is the wide layout');
  await signInWithStorage(page, account);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-home')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guide'))).toBe('true');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expect(menu.locator('.cp-menu__intro').first()).toBeVisible();
    const layout = await menu.evaluate((root) => {
      const intros = [...root.querySelectorAll<HTMLElement>('.cp-menu__intro')];
      return {
        intros: intros.length,
        nestedIntros: root.querySelectorAll('.cp-menu__group .cp-menu__intro').length,
        // One line each: no intro taller than its line height.
        wrapped: intros.filter(
          (el) => el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).lineHeight) * 1.5,
        ).length,
        // Nothing runs out sideways.
        sideways: [...root.querySelectorAll<HTMLElement>('.cp-menu__item')].filter(
          (el) => el.scrollWidth > el.clientWidth + 1,
        ).length,
      };
    });
    expect(layout.nestedIntros, `${size.width}px`).toBe(0);
    expect(layout.intros, `${size.width}px`).toBeGreaterThan(0);
    expect(layout.wrapped, `${size.width}px`).toBe(0);
    expect(layout.sideways, `${size.width}px`).toBe(0);
  }
});

for (const lang of ['en', 'cn'] as const) {
  test(`the sign-in tagline never ends with one character or word alone on a line (${lang})`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
    // React's page, at the project's width and at narrow phones. The static first paint lays the
    // tagline out in the same box (first-paint.spec.ts); measuring while React replaces it read a
    // node on its way out of the page, which has no lines.
    const widths = isPhone(page) ? [320, 360, 390, 414] : [1024, 1280, 1366];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/#/');
      await settle(page);
      await expect(page.locator('.cp-first-paint')).toHaveCount(0);
      const lines = await page.locator('.cp-auth__tagline:visible').evaluate((tagline) => {
        // The characters of each line, by the top of each character's box.
        const text = tagline.firstChild;
        const rows = new Map<number, string>();
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const range = document.createRange();
        const content = text.textContent ?? '';
        for (let i = 0; i < content.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue;
          const top = Math.round(rect.top);
          rows.set(top, (rows.get(top) ?? '') + content.charAt(i));
        }
        return [...rows.values()].map((row) => row.trim());
      });
      expect(lines.length, `${width}px`).toBeGreaterThan(0);
      const last = lines.at(-1) ?? '';
      const alone =
        lang === 'cn' ? [...last.replace(/\u2060/g, '')].length < 2 : !/\s/.test(last) && lines.length > 1;
      expect(alone, `${width}px: last line "${last}" of ${JSON.stringify(lines)}`).toBe(false);
    }
  });
}
