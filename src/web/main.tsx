/**
 * Start-up: capture an invitation code from the address, tell the HTTP layer how to reach
 * sign-in, and render. (antd-mobile's React 19 renderer is installed lazily: lib/antd-imperative.ts.)
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { captureInviteCode } from './features/auth/invite';
import { setSignInRedirect } from './lib/http';
import { i18n } from './lib/i18n';
import { startPwa } from './lib/pwa';
import { createAppRouter } from './router';
// antd-mobile's CSS variables and base styles (per-component imports do not bring them).
import 'antd-mobile/es/global';
import './styles/global.css';

captureInviteCode(window.location.href);
// Service worker, install prompt and manifest language; early, so no beforeinstallprompt is missed.
startPwa();

const router = createAppRouter();

// Forced sign-in (spec §8): back to '/', remembering where the user was.
setSignInRedirect(() => {
  const here = router.state.location.href;
  void router.navigate({ to: '/', search: here === '/' ? {} : { redirect: here }, replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} i18n={i18n} />
  </StrictMode>,
);
