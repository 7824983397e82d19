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
 *   paint"). Any other route needs them to paint anything: they are fetched at once. The dev
 *   server loads the app itself (no names on the tag).
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

  const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
  const entry = tag?.dataset.entry;
  if (!entry) return;
  const preloads = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
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
