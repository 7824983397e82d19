/**
 * Shared Playwright fixtures: accounts made through the real API (codes read from the sandbox
 * outbox), sign-in through the API with the session placed in storage the way the PWA stores it,
 * and an axe check. Tests that are about signing in use the UI instead.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';
import { grantStorage, type Grant } from '../load/signed-in-storage';

export const DEMO = { email: 'demo@example.com', password: 'CardPortal#2026' } as const;
export const PASSWORD = 'E2e-Passw0rd!';
const BASIC = `Basic ${Buffer.from('portal:portal').toString('base64')}`;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Account {
  email: string;
  password: string;
}

/** What a sign-in answers: the tokens and the grant (contract AccessGrant). */
export interface Tokens extends Grant {
  access_token: string;
  access_overtime: number;
  refresh_token: string;
}

let sequence = 0;
/** Addresses unique across runs and projects, so per-address limits never meet. */
export function newEmail(tag = 'e2e'): string {
  sequence += 1;
  return `${tag}.${Date.now().toString(36)}.${process.pid}.${sequence}@example.com`;
}

/** The newest 6-digit code mailed to `email` after `since` (epoch ms), polled from the outbox. */
export async function outboxCode(request: APIRequestContext, email: string, since = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await request.get(`/sandbox/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      text: string;
      createdAt: string;
    }[];
    // No slack before `since`: the fixture's own sign-up mail to this address is often less than a
    // second older than the test's first step, and a slack let a test read that code instead of
    // the one it asked for (the server stamps mails in milliseconds, on this machine's clock).
    const fresh = mails.find((m) => Date.parse(m.createdAt) >= since);
    const code = fresh?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Register an account through the API (sign-up code from the outbox). */
/**
 * Each registration comes from an address of its own (the e2e server trusts X-Forwarded-For): the
 * server limits signed-out code requests per source address, and a whole run of tests registering
 * from one address would look like one client asking for hundreds of codes.
 */
function registrationAddress(): string {
  sequence += 1;
  return `10.${200 + (process.pid % 50)}.${(sequence >>> 8) & 255}.${sequence & 255}`;
}

export async function registerAccount(request: APIRequestContext, email = newEmail()): Promise<Account> {
  const since = Date.now();
  const headers = { 'x-forwarded-for': registrationAddress() };
  const sent = (await (
    await request.get(`/api/user/signup/code?email=${encodeURIComponent(email)}`, { headers })
  ).json()) as Envelope<unknown>;
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const code = await outboxCode(request, email, since);
  const made = (await (
    await request.post('/api/user/signup', {
      headers,
      form: { email, code, password: PASSWORD, confirmPassword: PASSWORD },
    })
  ).json()) as Envelope<unknown>;
  expect(made.code, JSON.stringify(made)).toBe(200);
  return { email, password: PASSWORD };
}

export async function apiSignIn(request: APIRequestContext, account: Account): Promise<Tokens> {
  const answer = (await (
    await request.post('/api/user/loginPwd', {
      headers: { authorization: BASIC },
      form: { username: account.email, password: account.password },
    })
  ).json()) as Envelope<Tokens>;
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

/**
 * Sign in through the API and hand the session to the PWA exactly as its sign-in would store it:
 * the tokens, the user info and the grant that came with the sign-in (whose home a session has,
 * which pages it may open). The session is written from a page where the app does not run (the
 * health answer, same origin), and `path` is then loaded afresh: the app starts once, already
 * signed in. Written from the sign-in page instead, the app (started after the page's load event,
 * over index.html's static sign-in page) could still be starting when the session appeared: its
 * sign-in route then sent the session home — a member, without the stored grant, to the main
 * account's /home and on to /noPermission — while the test moved to `path` (session-live.spec:
 * a member on "No permission" instead of /subHome).
 */
export async function signInWithStorage(page: Page, account: Account, path = '/#/home'): Promise<Tokens> {
  const tokens = await apiSignIn(page.request, account);
  const info = (await (
    await page.request.get('/api/user/info', { headers: { authorization: `Bearer ${tokens.access_token}` } })
  ).json()) as Envelope<unknown>;
  await page.goto('/api/health');
  const items = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    access_overtime: JSON.stringify(tokens.access_overtime),
    userInfo: JSON.stringify(info.data),
    ...grantStorage(tokens),
  };
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, items);
  await page.goto(path);
  return tokens;
}

/**
 * Waits until no inline style changes for three frames running (at most 2 s). antd-mobile's sheets
 * and dialogs open with react-spring, which writes opacity and transform into the element's style
 * on every frame: `getAnimations()` does not see it, and axe run mid-way measured the text of a
 * half-faded dialog against the page behind it (contrast 3.4 instead of the 4.5 it has once open).
 */
async function inlineStylesSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const deadline = performance.now() + 2_000;
        const styles = () =>
          Array.from(document.querySelectorAll('[style]'), (element) => element.getAttribute('style')).join(
            '|',
          );
        let last = styles();
        let still = 0;
        const check = () => {
          const now = styles();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3 || performance.now() > deadline) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * Every WCAG 2.x A/AA rule (2.0, 2.1, 2.2) and axe's best-practice rules (issue 34 §8), plus
 * `label-content-name-mismatch` (WCAG 2.5.3), which axe ships as experimental and runs only when
 * named. Serious and critical violations fail the test.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;
export const AXE_EXTRA_RULES = ['label-content-name-mismatch'] as const;

/** axe with the full rule set above; serious and critical violations fail the test. */
export async function expectAccessible(page: Page): Promise<void> {
  // Contrast is judged on what stays on screen, not on a fade: a button enabled while axe runs (the
  // click guard lets go on a timer) would still be at antd-mobile's disabled opacity for 150 ms. So
  // transitions are switched off while axe runs, and finite CSS animations are let finish; endless
  // ones (a "waiting" pulse) keep running.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await inlineStylesSettled(page);
    const results = await new AxeBuilder({ page })
      .options({
        runOnly: { type: 'tag', values: [...AXE_TAGS] },
        rules: Object.fromEntries(AXE_EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
      })
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    // Each node with axe's reason (for contrast: the colours and the ratio it measured).
    expect(
      serious.map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
      ),
    ).toEqual([]);
  } finally {
    await still.evaluate((element) => (element as Element).remove());
  }
}

interface Fixtures {
  /** A freshly registered account, unique to the test. */
  account: Account;
}

/**
 * Every test signs in from its own address (the e2e server trusts X-Forwarded-For), because the
 * server demands a captcha after 3 failures per address: one test's wrong passwords must not make
 * the next test's sign-in look like an attack.
 */
function addressFor(testId: string, project: string): string {
  let hash = 0;
  for (const ch of `${project}/${testId}`) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use, testInfo) => {
    await context.setExtraHTTPHeaders({
      'x-forwarded-for': addressFor(testInfo.testId, testInfo.project.name),
    });
    await use(context);
  },
  account: async ({ request }, use) => {
    await use(await registerAccount(request));
  },
});

export { expect };
