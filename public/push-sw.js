/**
 * Web Push in the service worker (issue 18 §1). The generated worker (vite-plugin-pwa generateSW)
 * loads this file with importScripts, so the shell's precache and its one API cache stay as they
 * are. A push carries `{ title, body, url, tag, kind }` (src/server/modules/live/push-message.ts);
 * `url` is a hash route of the app, e.g. `/cardList?otp=1`, which a tap on the notification opens:
 * in a window of the app that is already open if there is one, else in a new one.
 */
/* global self */
const FALLBACK_TITLE = 'Card Portal';

function readPush(data) {
  if (!data) return {};
  try {
    const message = data.json();
    return message && typeof message === 'object' ? message : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only a path of this app: a push can never send the customer elsewhere. */
function routeOf(url) {
  return typeof url === 'string' && /^\/[A-Za-z]/.test(url) ? url : '/home';
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : FALLBACK_TITLE;
  const tag = typeof message.tag === 'string' ? message.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag,
      // A 3-D Secure code is wanted now: it stays until the customer acts on it.
      requireInteraction: message.kind === 'otp',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: routeOf(message.url), kind: message.kind },
    }),
  );
});

/**
 * Opens the notification's route: in a window of the app already open, else a new one. A global
 * of the worker (a classic script's function), so the end-to-end test can run what a tap runs.
 */
async function openNotification(notification) {
  notification.close();
  const route = routeOf(notification.data && notification.data.url);
  const target = new URL(`/#${route}`, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      const moved = await open.navigate(target);
      await (moved || open).focus().catch(() => undefined);
      return;
    } catch {
      // An uncontrolled window cannot be navigated from here: open a new one instead.
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(event.notification));
});
