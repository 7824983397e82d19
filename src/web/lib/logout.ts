/**
 * Ending a session on purpose (spec §4). Two ways:
 *
 * - `signOut`: the user asked. The server revokes the session; on code 200 a success message shows
 *   for 1 second, then the session is forgotten (storage cleared but username and autoLogin kept,
 *   state reset, offline data cleared: session.ts `endSession`). If the server cannot be reached,
 *   the local session is dropped anyway — a user who asked to leave must not stay signed in.
 * - `endIdleSession`: the inactivity limit passed. The session is forgotten at once; the server is
 *   asked to revoke it as well, but nothing waits for or depends on that call.
 *
 * Navigation is the caller's: both are followed by a move to '/'.
 */
import { logout } from '../../contract/auth';
import { SESSION_END_CODES } from './catalogue';
import { ApiError, call, urlOf } from './http';
import { toastSuccess } from './notify';
import { endSession } from './session';
import { getItem } from './storage';

/** Spec §9: the logout message shows for 1000 ms. */
export const LOGOUT_MESSAGE_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type SignOutResult = 'signedOut' | 'forced';

/**
 * @param successText the (translated) success message
 * @returns 'forced' when the server said the session was already over: http.ts has then ended it
 *   and moved to sign-in itself.
 */
export async function signOut(successText: string): Promise<SignOutResult> {
  // The browser stops taking this session's pushes (the server deletes their subscriptions itself).
  await import('./push').then(({ forgetDevicePush }) => forgetDevicePush()).catch(() => undefined);
  // This tab's stream would hear the revocation and sign out "from another window" over the
  // success message: it closes first.
  await import('./live').then(({ stopLive }) => stopLive()).catch(() => undefined);
  try {
    await call(logout, {});
    toastSuccess(successText, LOGOUT_MESSAGE_MS);
    await wait(LOGOUT_MESSAGE_MS);
  } catch (error) {
    if (error instanceof ApiError && SESSION_END_CODES.has(error.code)) return 'forced';
  }
  await endSession();
  return 'signedOut';
}

/**
 * Ends an idle session. The revocation request goes around http.ts on purpose: its answer must not
 * reach the error catalogue — a 401 there (the server's own idle limit usually ended the session
 * already) would show a second message and start a second redirect.
 */
export function endIdleSession(): Promise<void> {
  const token = getItem('access_token');
  if (token) {
    void fetch(urlOf(logout), {
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  return endSession();
}
