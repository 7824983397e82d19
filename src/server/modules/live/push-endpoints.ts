/**
 * Where a push may be sent (issue 29 §11). An endpoint is a URL the browser hands us and the server
 * then POSTs to, so an unchecked one makes the server a request forger aimed at its own network
 * (`https://127.0.0.1:5432/` was accepted). Only the public push services' hosts are allowed, https
 * on the default port, as each service documents its endpoints:
 * - Firebase Cloud Messaging (Chrome, Edge, Opera, Samsung): `https://fcm.googleapis.com/fcm/send/…`
 * - Mozilla autopush (Firefox): `https://updates.push.services.mozilla.com/wpush/…`
 * - Apple Push Notification service for the web (Safari, iOS home-screen apps):
 *   `https://web.push.apple.com/…`
 * - Windows Push Notification Services (legacy Edge): `https://<region>.notify.windows.com/w/…`
 * An address literal is never a push service, so private and loopback addresses are out by
 * construction. An operator may add exact https origins (`PUSH_SERVICE_ORIGINS`: a browser vendor's
 * own service, or the production suite's local one); nothing else widens the list. Demo mode also
 * accepts a plain-http loopback endpoint: the tests' local push service.
 */
import type { AppContext } from '../../context';

/** Hosts named exactly, and suffixes (leading dot) for services that spread over subdomains. */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.notify.windows.com',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function knownPushService(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((allowed) =>
    allowed.startsWith('.') ? host.endsWith(allowed) && host.length > allowed.length : host === allowed,
  );
}

export function acceptableEndpoint(ctx: AppContext, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:')
    return (
      (url.port === '' && knownPushService(url.hostname)) || ctx.env.PUSH_SERVICE_ORIGINS.includes(url.origin)
    );
  return ctx.env.APP_MODE === 'demo' && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}
