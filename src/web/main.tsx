/**
 * Start-up: capture an invitation code from the address, tell the HTTP layer how to reach
 * sign-in, and render — over index.html's static sign-in page when it shows
 * (features/auth/first-paint). index.html's boot script loads this module. (antd-mobile's React 19
 * renderer is installed lazily: lib/antd-imperative.ts.)
 */
// First: zod's setting must be in place before any contract schema is built.
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstPaintShown, takeOverFirstPaint } from './features/auth/first-paint/take-over';
import { captureInviteCode } from './features/auth/invite';
import { followAccess } from './lib/access-follow';
import { dropHomePaint } from './lib/boot-answers';
import { setPageOpener, setRightsRefresh, setSignInRedirect } from './lib/http';
import { i18n, loadLang, storedLang } from './lib/i18n';
import { startPwa } from './lib/pwa';
import { createAppRouter } from './router';
// antd-mobile's CSS variables and base styles (per-component imports do not bring them).
import 'antd-mobile/es/global';
import './styles/global.css';
// Shows or hides index.html's static sign-in page until React replaces it.
import './features/auth/first-paint/first-paint.css';
// The frame of home's first paint, which the boot script lays over the page (issue 34 §9).
import './features/home/first-paint/home-paint.css';

captureInviteCode(window.location.href);
// Service worker, install prompt and manifest language; early, so no beforeinstallprompt is missed.
startPwa();

/**
 * The router, the HTTP layer's way back to sign-in, the open page following the rights, and
 * React's root over #root.
 */
function createApp() {
  const router = createAppRouter();

  // Forced sign-in (spec §8): back to '/', remembering where the user was.
  setSignInRedirect(() => {
    const here = router.state.location.href;
    void router.navigate({ to: '/', search: here === '/' ? {} : { redirect: here }, replace: true });
  });

  setPageOpener((path) => void router.navigate({ to: path }));
  // A refusal for rights the stored session claims (4030): fetch the rights again.
  setRightsRefresh(() => void import('./lib/access-refresh').then(({ refreshAccess }) => refreshAccess()));

  // Rights that change while a page shows (the live stream's `account`) re-check that page.
  followAccess(router);

  // Home's saved figures painted by the boot script (lib/boot-answers.ts) stay until the home page
  // is on screen (HomePage removes them); any other page the start ends on removes them at once.
  const stopWatching = router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.pathname === '/home') return;
    dropHomePaint();
    stopWatching();
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App router={router} i18n={i18n} />
    </StrictMode>
  );
  return { router, root: createRoot(container), app };
}

/** Renders the app, over the static sign-in page when that shows. */
function start(): void {
  if (firstPaintShown()) {
    // index.html's static sign-in page is on screen: React replaces it once the page is ready.
    void takeOverFirstPaint(createApp);
  } else {
    // Any other route renders at once (a slow page chunk gets its loading spinner), as a transition:
    // React then splits the first render into short tasks instead of one long one that would keep
    // the page from answering a tap (docs/decisions.md "The home page's first paint").
    const { root, app } = createApp();
    startTransition(() => root.render(app));
  }
}

// The first render shows the stored language's texts, which boot.ts has preloaded beside this
// script (lib/i18n.ts). Should they fail to arrive, the app starts all the same: a page of keys
// beats a blank one, and the language toggle loads them again.
void loadLang(storedLang()).then(start, start);
