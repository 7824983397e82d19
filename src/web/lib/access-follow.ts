/**
 * The open page follows the user's rights (issue 18 §1). Whenever fresh rights are stored — the
 * live stream said the account changed, or any other re-read — the page on screen is checked again
 * against them, as its guard checked it when it opened: a member whose role lost this page's
 * permission is moved home (or to /noPermission when home is refused too) with a message saying why.
 * Menus and `<Can>` follow by themselves (they subscribe to the same atoms). The server refuses
 * the calls anyway; this only keeps the screen honest.
 */
import { translate } from './i18n';
import { toastError } from './notify';
import { allowedIds, guardTarget, isSubAccountSession } from './permissions';
import { builtPages, NO_PERMISSION_PATH, routeMeta, type RouteStaticData } from './route-meta';
import { accessAtom, appStore, hasAccessToken } from './session';

/** What this needs of the app's router (router.tsx's, or a test's). */
export interface FollowedRouter {
  state: { matches: readonly { staticData: RouteStaticData }[] };
  routesById: Record<string, { options: { staticData?: RouteStaticData } }>;
  navigate(options: { href: string; replace: boolean }): Promise<void>;
}

/**
 * Where the user must go now that the rights changed, or null to stay: home when the rights still
 * allow it, else /noPermission (public, so its guard asks the server nothing and cannot loop back).
 */
export function pageWithdrawnTarget(router: FollowedRouter): string | null {
  if (!hasAccessToken()) return null;
  const page = router.state.matches.at(-1)?.staticData.page;
  if (!page) return null; // a public page, or /noPermission
  const allowed = allowedIds();
  const built = builtPages(Object.values(router.routesById));
  if (guardTarget(page, allowed, built) !== NO_PERMISSION_PATH) return null;
  const home = routeMeta(isSubAccountSession() ? 'subHome' : 'home');
  return guardTarget(home, allowed, built) === null ? home.path : NO_PERMISSION_PATH;
}

/** The allowed ids as one comparable value. */
function grantSignature(): string {
  return [...allowedIds()].sort((a, b) => a - b).join(',');
}

/**
 * Starts following; the answer stops it. The same rights stored again (the user info is saved by
 * the stream's refresh and by its query) change nothing and say nothing twice.
 */
export function followAccess(router: FollowedRouter): () => void {
  let seen = grantSignature();
  return appStore.sub(accessAtom, () => {
    const signature = grantSignature();
    if (signature === seen) return;
    seen = signature;
    const target = pageWithdrawnTarget(router);
    if (!target) return;
    toastError(translate('common:access.pageWithdrawn'));
    void router.navigate({ href: target, replace: true });
  });
}
