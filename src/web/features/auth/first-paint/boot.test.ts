// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localeOf, storedLang } from '../../../lib/i18n';
import { leaveIfSignedIn } from '../../../router';

/** Runs boot.ts afresh, as the browser does on every load. */
async function boot(): Promise<void> {
  vi.resetModules();
  // @ts-expect-error -- boot.ts is a classic script, not a module; importing runs it.
  await import('./boot');
}

function setHash(hash: string): void {
  window.history.replaceState(null, '', `/${hash}`);
}

const root = document.documentElement;
const firstPaint = () => root.getAttribute('data-first-paint');
const inserted = () =>
  document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"], link[rel="stylesheet"]');
const insertedNames = () =>
  [...inserted()].map((element) => element.getAttribute('src') ?? element.getAttribute('href'));

const ENTRY_FILES = ['/assets/runtime-abc.js', '/assets/react-abc.js', '/assets/index-abc.js'];
const HOME_FILES = ['/assets/ShellLayout-abc.js', '/assets/HomeRoute-abc.js', '/assets/home-abc.css'];

/** The boot script's tag as the build writes it. */
function addBootTag(): void {
  const tag = document.createElement('script');
  tag.dataset.entry = '/assets/index-abc.js';
  tag.dataset.preload = '/assets/runtime-abc.js /assets/react-abc.js';
  tag.dataset.home = HOME_FILES.join(' ');
  document.head.append(tag);
}

function storeSignedIn(items: Record<string, string> = {}): void {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('userInfo', '{"userId":"u1"}');
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
}

/** Whether the router would leave `/` for home, as boot.ts must predict. */
function appSignedIn(): boolean {
  try {
    leaveIfSignedIn();
    return false;
  } catch {
    return true;
  }
}

beforeEach(() => {
  localStorage.clear();
  root.removeAttribute('data-first-paint');
  root.lang = 'zh-CN';
  setHash('');
});

afterEach(() => {
  document.head
    .querySelectorAll('script, link[rel="modulepreload"], link[rel="stylesheet"]')
    .forEach((element) => element.remove());
  vi.restoreAllMocks();
  localStorage.clear();
  setHash('');
});

describe('boot script: language', () => {
  it.each([
    [null, 'zh-CN'],
    ['cn', 'zh-CN'],
    ['en', 'en'],
    ['fr', 'zh-CN'],
  ])('stored lang %s gives <html lang="%s">, as the app chooses', async (stored, expected) => {
    if (stored !== null) localStorage.setItem('lang', stored);
    await boot();
    expect(root.lang).toBe(expected);
    expect(root.lang).toBe(localeOf(storedLang()));
    expect(firstPaint()).toBe(storedLang());
  });
});

describe('boot script: whether the static sign-in page shows', () => {
  it.each([
    ['', true],
    ['#/', true],
    ['#/?redirect=%2Fhome', true],
    ['#/?email=ada%40example.com', true],
    ['#/index.html', true],
    ['#/signup', false],
    ['#/home', false],
    ['#/404', false],
    ['#/noPermission', false],
  ])('route %s: %s', async (hash, shows) => {
    setHash(hash);
    await boot();
    expect(firstPaint() !== null).toBe(shows);
  });

  it.each([
    ['no session', {}],
    ['a token without user info', { access_token: 'a' }],
    ['user info without a token', { userInfo: '{"userId":"u1"}' }],
    ['unreadable user info', { access_token: 'a', userInfo: '{not json' }],
    ['user info null', { access_token: 'a', userInfo: 'null' }],
    ['a session', { access_token: 'a', userInfo: '{"userId":"u1"}' }],
  ])('with %s it agrees with the router', async (_, items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    await boot();
    expect(firstPaint() !== null).toBe(!appSignedIn());
  });
});

describe('boot script: the app scripts', () => {
  it('loads them after the first frame under the static page', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    addBootTag();
    await boot();
    expect(firstPaint()).toBe('cn');
    expect(inserted()).toHaveLength(0);
    await vi.waitFor(() => expect(inserted()).toHaveLength(3));
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(script?.getAttribute('src')).toBe('/assets/index-abc.js');
    expect(script?.crossOrigin).toBe('anonymous');
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/runtime-abc.js',
      '/assets/react-abc.js',
    ]);
  });

  it('loads them at once on any other route, which cannot paint without them', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    setHash('#/home');
    addBootTag();
    await boot();
    expect(inserted()).toHaveLength(3);
  });

  it('loads them at once in a hidden page, which paints no frame to wait for', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    addBootTag();
    await boot();
    expect(firstPaint()).toBe('cn');
    expect(inserted()).toHaveLength(3);
  });

  it('loads nothing when the page loads the app itself (the dev server)', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await boot();
    expect(inserted()).toHaveLength(0);
  });
});

describe("boot script: the home page's files on a signed-in start", () => {
  beforeEach(() => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });

  it.each([['#/home'], [''], ['#/']])('route %s: fetched beside the entry, after it', async (hash) => {
    setHash(hash);
    storeSignedIn({ subAccount: '0' });
    addBootTag();
    await boot();
    expect(insertedNames()).toEqual([...ENTRY_FILES, ...HOME_FILES]);
    const style = document.head.querySelector('link[rel="stylesheet"]');
    expect(style?.getAttribute('href')).toBe('/assets/home-abc.css');
  });

  it.each([
    ['signed out, on the sign-in page', '#/', {}],
    ['signed in, on another page', '#/cardList', { subAccount: '0' }],
    ["a member's session, which starts on /subHome", '#/', { subAccount: '1' }],
  ])('%s: not fetched', async (_, hash, items: Record<string, string>) => {
    setHash(hash);
    if (Object.keys(items).length > 0) storeSignedIn(items);
    addBootTag();
    await boot();
    await vi.waitFor(() => expect(insertedNames()).toEqual(ENTRY_FILES));
  });
});
