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
const inserted = () => document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]');

/** The boot script's tag as the build writes it. */
function addBootTag(): void {
  const tag = document.createElement('script');
  tag.dataset.entry = '/assets/index-abc.js';
  tag.dataset.preload = '/assets/runtime-abc.js /assets/react-abc.js';
  tag.dataset.textsCn = '/assets/cn-abc.js';
  tag.dataset.textsEn = '/assets/en-abc.js';
  document.head.append(tag);
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
  document.head.querySelectorAll('script, link[rel="modulepreload"]').forEach((element) => element.remove());
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
    await vi.waitFor(() => expect(inserted()).toHaveLength(4));
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(script?.getAttribute('src')).toBe('/assets/index-abc.js');
    expect(script?.crossOrigin).toBe('anonymous');
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/runtime-abc.js',
      '/assets/react-abc.js',
      '/assets/cn-abc.js',
    ]);
  });

  it("preloads the stored language's start texts, not the other's (lib/i18n.ts)", async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    localStorage.setItem('lang', 'en');
    addBootTag();
    await boot();
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/runtime-abc.js',
      '/assets/react-abc.js',
      '/assets/en-abc.js',
    ]);
  });

  it('loads them at once on any other route, which cannot paint without them', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    setHash('#/home');
    addBootTag();
    await boot();
    expect(inserted()).toHaveLength(4);
  });

  it('loads them at once in a hidden page, which paints no frame to wait for', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    addBootTag();
    await boot();
    expect(firstPaint()).toBe('cn');
    expect(inserted()).toHaveLength(4);
  });

  it('loads nothing when the page loads the app itself (the dev server)', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await boot();
    expect(inserted()).toHaveLength(0);
  });
});

describe("boot script: home's first answers (issue 34 §9)", () => {
  const SESSION = {
    access_token: 'tok-1',
    userInfo: '{"userId":"u1"}',
    subAccount: '0',
  };
  type Boot = { token: string; locale: string; answers: Record<string, unknown> };
  const bootAnswers = () => (window as unknown as { cpBootAnswers?: Boot }).cpBootAnswers;

  beforeEach(() => {
    delete (window as unknown as { cpBootAnswers?: Boot }).cpBootAnswers;
  });

  function fetchSpy() {
    const spy = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => undefined),
    );
    vi.stubGlobal('fetch', spy);
    return spy;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([['#/home'], ['#/'], ['']])(
    'a main account opening %s asks the wallet and the overview with its token and language',
    async (hash) => {
      const fetch = fetchSpy();
      setHash(hash);
      for (const [key, value] of Object.entries(SESSION)) localStorage.setItem(key, value);
      localStorage.setItem('lang', 'en');
      await boot();
      expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/user/wallet', '/api/user/overview']);
      for (const [, init] of fetch.mock.calls) {
        expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Accept-Language': 'en' });
      }
      expect(bootAnswers()).toMatchObject({ token: 'tok-1', locale: localeOf('en') });
      expect(Object.keys(bootAnswers()?.answers ?? {})).toEqual([
        `GET ${window.location.origin}/api/user/wallet`,
        `GET ${window.location.origin}/api/user/overview`,
      ]);
    },
  );

  it.each([
    ['no session', '#/home', {}],
    ['another page', '#/cardList', SESSION],
    ['a sub-account', '#/home', { ...SESSION, subAccount: '1' }],
    ['a session idle past two hours', '#/home', { ...SESSION, lastActivity: String(Date.now() - 7_300_000) }],
  ])('asks nothing for %s', async (_, hash, items: Record<string, string>) => {
    const fetch = fetchSpy();
    setHash(hash);
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    await boot();
    expect(fetch).not.toHaveBeenCalled();
    expect(bootAnswers()).toBeUndefined();
  });
});
