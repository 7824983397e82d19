/**
 * Boot script of index.html: a classic script in <head> (vite.config.ts compiles it on its own and
 * links it), so it runs before the first paint. It does what the stylesheet cannot:
 *
 * - sets <html lang> to the stored language (`lang` = 'cn' | 'en', lib/i18n.ts), so the page is
 *   announced in its language from the start;
 * - when the app is about to show the sign-in page — route `/` (or `/index.html`, which goes there)
 *   and no stored session, the same test as the router's leaveIfSignedIn — sets
 *   `data-first-paint` to that language, which displays that copy of the static sign-in page in
 *   #root (first-paint.ts, first-paint.css). Any other route paints nothing until React renders,
 *   as before;
 * - loads the app's scripts. The build names them on this script's tag (`data-entry`,
 *   `data-preload`) instead of loading them from the HTML, so that under the static sign-in page
 *   they are fetched once it is on screen: its first paint never waits for them, and Lighthouse's
 *   simulation cannot count their download against it (docs/benchmarks.md "Sign-in page first
 *   paint"). Any other route needs them to paint anything: they are fetched at once. With them
 *   comes the stored language's chunk of start texts (`data-texts-cn`, `data-texts-en`), which
 *   the entry waits for (lib/i18n.ts). The dev server loads the app itself (no names on the tag).
 *
 * No imports and no exports: it is not a module. It repeats the few storage rules it needs;
 * boot.test.ts checks it agrees with the app.
 */
(() => {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be off limits (private modes): the defaults apply, as in lib/storage.ts.
  }
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  const lang = read('lang') === 'en' ? 'en' : 'cn';
  const root = document.documentElement;
  root.lang = lang === 'en' ? 'en' : 'zh-CN';

  let userInfo: unknown = null;
  try {
    userInfo = JSON.parse(read('userInfo') ?? 'null');
  } catch {
    // Unreadable user info counts as none, as in getItem.
  }
  const signedIn = read('access_token') !== null && Boolean(userInfo);
  // Hash routing: the route is the hash without its query; no hash at all is `/`.
  const path = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  const signInRoute = path === '' || path === '/' || path === '/index.html';
  const firstPaint = signInRoute && !signedIn;
  if (firstPaint) root.setAttribute('data-first-paint', lang);

  // A main account opening home (`/home`, or `/`, which leads there when signed in), with a
  // session the app will keep (not idle past spec §4's two hours): its first answers are asked
  // now, with the stored token, while the app's scripts download, and its saved figures painted
  // (docs/decisions.md "Home that starts at once"). The sub-accounts' home asks other things.
  const lastActivity = Number(read('lastActivity'));
  const idle = Number.isFinite(lastActivity) && lastActivity > 0 && Date.now() - lastActivity > 7_200_000;
  const homeRoute = signInRoute || path === '/home';
  if (signedIn && homeRoute && !idle && read('subAccount') !== '1') {
    startHome(String(read('access_token')), (userInfo as { userId?: unknown }).userId, lang);
  }

  function startHome(token: string, userId: unknown, language: 'cn' | 'en'): void {
    const locale = language === 'en' ? 'en' : 'zh-CN';
    // The first answers home needs (lib/boot-answers.ts hands them to the HTTP layer, once each).
    // Offline there is nothing to ask: the app shows the saved figures.
    const answers: Record<string, Promise<Response>> = {};
    if (navigator.onLine !== false && typeof fetch === 'function') {
      const headers = {
        Accept: 'application/json',
        'Accept-Language': locale,
        Authorization: `Bearer ${token}`,
      };
      for (const path of ['/api/user/wallet', '/api/user/overview']) {
        const answer = fetch(path, { headers, credentials: 'same-origin' });
        // Marked as handled: a failure is the app's to see, when it takes the answer.
        answer.catch(() => undefined);
        answers[`GET ${window.location.origin}${path}`] = answer;
      }
    }
    Object.assign(window, { cpBootAnswers: { token, locale, answers } });
    if (typeof userId === 'string' && userId) paintHome(userId, language);
  }

  /** Epoch ms -> "YYYY-MM-DD HH:mm" in the product's zone, UTC+8 (lib/product-time.ts). */
  const productTime = (ms: number) => new Date(ms + 28_800_000).toISOString().slice(0, 16).replace('T', ' ');

  /** Minor units -> "¥1,234.56" / "$0.99" (lib/money.ts formatMoney for CNY and USD). */
  const money = (minor: unknown, symbol: string) => {
    const value = typeof minor === 'number' && Number.isFinite(minor) ? Math.round(minor) : 0;
    const whole = String(Math.floor(Math.abs(value) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const cents = String(Math.abs(value) % 100).padStart(2, '0');
    return `${value < 0 ? '-' : ''}${symbol}${whole}.${cents}`;
  };

  /**
   * The saved home figures (lib/snapshot.ts: idb-keyval's store, `home-snapshot:<userId>`, version
   * 2; balances and aggregate counts only, never a card secret), painted over the page from the
   * build's template of the language (features/home/first-paint), once the home page's stylesheet
   * is in. The app removes it when its first page is on screen (lib/boot-answers.ts).
   */
  function paintHome(userId: string, language: 'cn' | 'en'): void {
    const bootTag = document.querySelector<HTMLScriptElement>('script[data-home-css]');
    // The dev server names no stylesheets: it paints nothing.
    const sheets = (bootTag?.dataset.homeCss ?? '').split(' ').filter(Boolean);
    if (sheets.length === 0 || typeof indexedDB === 'undefined') return;
    const styled = Promise.all(
      sheets.map(
        (href) =>
          new Promise<void>((resolve, reject) => {
            const link = document.createElement('link');
            link.rel = 'stylesheet';
            link.href = href;
            link.onload = () => resolve();
            link.onerror = () => reject(new Error(href));
            document.head.append(link);
          }),
      ),
    );
    const saved = new Promise<{ savedAt: number; data: { wallet?: Record<string, unknown> } } | null>(
      (resolve) => {
        const opening = indexedDB.open('keyval-store');
        // No database yet: nothing saved. Looking must not create it (without idb-keyval's store,
        // the app's own opening would then find none).
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => resolve(null);
        opening.onsuccess = () => {
          try {
            const get = opening.result
              .transaction('keyval', 'readonly')
              .objectStore('keyval')
              .get(`home-snapshot:${userId}`);
            get.onsuccess = () => {
              const record = get.result as { v?: unknown; savedAt?: unknown; data?: unknown } | undefined;
              const ok =
                record?.v === 2 &&
                typeof record.savedAt === 'number' &&
                typeof record.data === 'object' &&
                record.data !== null;
              resolve(
                ok ? (record as { savedAt: number; data: { wallet?: Record<string, unknown> } }) : null,
              );
            };
            get.onerror = () => resolve(null);
          } catch {
            resolve(null);
          } finally {
            opening.result.close();
          }
        };
      },
    );
    const parsed = new Promise<void>((resolve) => {
      if (document.readyState === 'loading')
        document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
      else resolve();
    });
    void Promise.all([saved, styled, parsed]).then(
      ([snapshot]) => {
        // Nothing saved, or the app got there first: nothing to paint.
        if (!snapshot || root.hasAttribute('data-app-painted')) return;
        // The template follows #root in <body>: there once the document is parsed.
        const template = document.getElementById(`cp-home-paint-${language}`);
        if (!(template instanceof HTMLTemplateElement)) return;
        const view = template.content.cloneNode(true) as DocumentFragment;
        const slot = (name: string) => view.querySelector(`[data-slot="${name}"]`);
        const wallet = snapshot.data.wallet ?? {};
        const cny = slot('CNY');
        const usd = slot('USD');
        if (cny) cny.textContent = money(wallet.CNY, '¥');
        if (usd) usd.textContent = money(wallet.USD, '$');
        const words = template.dataset;
        const elapsed = Date.now() - snapshot.savedAt;
        const day = productTime(snapshot.savedAt);
        const [date = '', clock = ''] = day.split(' ');
        const age =
          elapsed < 60_000
            ? (words.justNow ?? '')
            : elapsed < 3_600_000
              ? (words.minutes ?? '').replace('{{count}}', String(Math.floor(elapsed / 60_000)))
              : date === productTime(Date.now()).slice(0, 10)
                ? (words.today ?? '').replace('{{time}}', `${clock} UTC+8`)
                : date === productTime(Date.now() - 86_400_000).slice(0, 10)
                  ? (words.yesterday ?? '').replace('{{time}}', `${clock} UTC+8`)
                  : (words.date ?? '').replace('{{time}}', `${day} UTC+8`);
        const phrase = navigator.onLine === false ? words.offline : words.saved;
        const ageSlot = slot('age');
        if (ageSlot) ageSlot.textContent = (phrase ?? '').replace('{{age}}', age);
        document.body.append(view);
        root.setAttribute('data-home-paint', language);
      },
      () => undefined,
    );
  }

  const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
  const entry = tag?.dataset.entry;
  if (!entry) return;
  const preloads = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  // The stored language's start texts (lib/i18n.ts), which the entry waits for before it renders.
  const texts = lang === 'en' ? tag.dataset.textsEn : tag.dataset.textsCn;
  if (texts) preloads.push(texts);
  const startApp = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.append(script);
  };
  // An inserted script runs as soon as it has arrived, so it is inserted once the document is
  // parsed (main.tsx needs #root); under the static page, after the frame that shows it. A hidden
  // page paints no frame and need not wait for one.
  const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(startApp, 0));
  const start = firstPaint && document.visibilityState === 'visible' ? afterFirstFrame : startApp;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
})();
