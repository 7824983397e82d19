/**
 * Web Push on this device (issue 18 §1): the browser's push subscription and the server's record of
 * it. Turning it on asks the browser's permission, subscribes with the server's VAPID key and tells
 * the server (for this session); turning it off, or logging out, unsubscribes the browser as well so
 * the push service stops delivering. The server also deletes a session's subscriptions when the
 * session ends, whatever ended it.
 */
import { pushStatus, pushSubscribe, pushUnsubscribe } from '../../contract/live';
import { call } from './http';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/**
 * The browser's push service refused or could not be reached: `subscribe()` failed, or did not
 * answer within PUSH_SERVICE_TIMEOUT_MS (`timedOut`) — an Android phone in mainland China, whose
 * default push service is blocked, waits there for minutes (issue 32 §2).
 */
export class PushServiceError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** How long subscribing may take before the switch settles back to off with its explanation. */
export const PUSH_SERVICE_TIMEOUT_MS = 10_000;

/** `work`, or a PushServiceError once `ms` passed without its answer (the work itself goes on). */
function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushServiceError('push service timed out', true)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface DevicePush {
  state: PushState;
  /** The customer chose to see 3-D Secure codes themselves in the notification. */
  showCode: boolean;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Where this device stands: the browser's subscription as the server knows it for this session. */
export async function readDevicePush(): Promise<DevicePush> {
  const reg = await registration();
  if (!reg) return { state: 'unsupported', showCode: false };
  if (Notification.permission === 'denied') return { state: 'blocked', showCode: false };
  const [subscription, status] = await Promise.all([
    reg.pushManager.getSubscription(),
    call(pushStatus, {}, { silent: true }),
  ]);
  const known = subscription && status.subscriptions.find((s) => s.endpoint === subscription.endpoint);
  return known ? { state: 'on', showCode: known.showCode } : { state: 'off', showCode: false };
}

/** Turns pushes on (or changes `showCode`); answers the state reached. */
export async function enablePush(showCode: boolean): Promise<DevicePush> {
  const reg = await registration();
  if (!reg) return { state: 'unsupported', showCode: false };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    return { state: permission === 'denied' ? 'blocked' : 'off', showCode: false };
  const { publicKey } = await call(pushStatus, {});
  // The permission prompt above waits for the customer as long as it takes; the push service only
  // gets PUSH_SERVICE_TIMEOUT_MS.
  const subscribing = (async () => {
    const existing = await reg.pushManager.getSubscription();
    if (existing) return existing;
    try {
      return await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    } catch (error) {
      throw new PushServiceError(String(error));
    }
  })();
  const subscription = await withinTime(subscribing, PUSH_SERVICE_TIMEOUT_MS);
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call(pushSubscribe, { endpoint: json.endpoint, keys: json.keys, showCode });
  return { state: 'on', showCode };
}

/** Turns pushes off on this device: the server forgets it, the browser unsubscribes. */
export async function disablePush(): Promise<DevicePush> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  await call(pushUnsubscribe, subscription ? { endpoint: subscription.endpoint } : {});
  await subscription?.unsubscribe();
  return { state: 'off', showCode: false };
}

/**
 * Logout: the browser stops receiving this session's pushes. The server call is not needed (ending
 * the session deletes its subscriptions) and may no longer be possible; this never throws.
 */
export async function forgetDevicePush(): Promise<void> {
  try {
    const reg = await registration();
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Nothing to undo on a browser without push.
  }
}
