/**
 * Fetches the signed-in user's info and rights again (the user info carries the server's grant,
 * lib/permissions.ts) and stores them in the session atoms. Called when the stored rights refuse
 * something — a route, or an answer 4030 — since the owner may have changed the member's role
 * meanwhile, and when the live stream says the account changed (lib/live.ts): the member then gets
 * the new rights without signing in again. Loaded on demand (it carries the account contract).
 */
import type { UserInfo } from '../../contract/account';
import { info } from '../../contract/account';
import { call } from './http';
import { hasAccessToken, saveUserInfo } from './session';

let inFlight: Promise<UserInfo | null> | null = null;

/** Resolves with the fresh user info once stored; null when it could not be loaded. */
export function refreshAccess(): Promise<UserInfo | null> {
  if (!hasAccessToken()) return Promise.resolve(null);
  inFlight ??= call(info, {}, { silent: true })
    .then(
      (user) => {
        saveUserInfo(user);
        return user;
      },
      () => null,
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
