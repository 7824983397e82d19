/**
 * Fetches the signed-in user's rights again (the user info carries the server's grant,
 * lib/permissions.ts). Called when the stored rights refuse something — a route, or an answer
 * 4030 — since the owner may have changed the member's role meanwhile: the member then gets the
 * new rights without signing in again. Loaded on demand (it carries the account contract).
 */
import { info } from '../../contract/account';
import { call } from './http';
import { hasAccessToken, saveUserInfo } from './session';

let inFlight: Promise<boolean> | null = null;

/** Resolves true once fresh rights are stored; false when they could not be loaded. */
export function refreshAccess(): Promise<boolean> {
  if (!hasAccessToken()) return Promise.resolve(false);
  inFlight ??= call(info, {}, { silent: true })
    .then(
      (user) => {
        saveUserInfo(user);
        return true;
      },
      () => false,
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
