/**
 * Which routes a user may open and which controls they may use (spec §2, §5, §6). The server
 * computes both — from the account type, or from a sub-account's role — and sends them at sign-in
 * and with every user info (contract permissions.ts `accessGrant`); the PWA never derives them.
 * They are stored under the spec's keys:
 *
 * - `subAccount`: 1 in sub-account mode;
 * - `Auths`: every allowed route id (the guards read it);
 * - `AuthsMenu`: the allowed ids listed in a menu (the menus read it);
 * - `subPermission`: the permission keys held (`<Can>` reads it).
 *
 * What is stored can be out of date: the owner may have changed the member's role since. So a
 * route the stored ids refuse is checked once more against a fresh copy from the server before
 * the user is sent to /noPermission (router.tsx), and a 4030 answer refreshes them too.
 */
import type { AccessGrant } from '../../contract/permissions';
import { childrenOf, NO_PERMISSION_PATH, routeMeta, type RouteMeta, type RouteName } from './route-meta';
import { getItem, setItem } from './storage';

/** Spec §2: the pre-login default set, the home page alone. */
const DEFAULT_IDS: readonly number[] = [routeMeta('home').permission];

/**
 * Stores what the server granted. Answers without a grant (a server older than the permission
 * matrix) change nothing. Returns whether a grant was stored.
 */
export function storeAccess(grant: Partial<AccessGrant>): boolean {
  if (!grant.Auths) return false;
  setItem('subAccount', grant.subAccount ?? 0);
  setItem(
    'Auths',
    grant.Auths.map(({ id }) => ({ id })),
  );
  setItem('AuthsMenu', grant.AuthsMenu ?? []);
  setItem('subPermission', grant.subPermission ?? []);
  return true;
}

/** Whether this session holds a grant from the server. */
export function hasStoredAccess(): boolean {
  return Array.isArray(getItem('Auths'));
}

export function isSubAccountSession(): boolean {
  return getItem('subAccount') === 1;
}

/** The allowed route ids as stored; without a stored grant, the pre-login default set. */
export function allowedIds(): ReadonlySet<number> {
  const stored = getItem('Auths');
  return new Set(Array.isArray(stored) ? stored.map((entry) => entry.id) : DEFAULT_IDS);
}

/** The ids the menus may list (`AuthsMenu`). */
export function menuIds(): ReadonlySet<number> {
  const stored = getItem('AuthsMenu');
  return new Set(Array.isArray(stored) ? stored : DEFAULT_IDS);
}

/**
 * Spec §5: whether the signed-in user holds a permission key. Main accounts hold every key; a
 * sub-account holds the stored `subPermission` keys and no other.
 */
export function hasPermission(permission: string): boolean {
  if (!isSubAccountSession()) return true;
  if (REFUSED_WHEN_EXPIRED.has(permission) && isExpiredSubAccount()) return false;
  return (getItem('subPermission') ?? []).includes(permission);
}

/** Spec §4: an expired sub-account keeps its cards but may not recharge, withdraw, delete or open. */
const REFUSED_WHEN_EXPIRED: ReadonlySet<string> = new Set([
  'card:open',
  'card:recharge',
  'card:withdraw',
  'card:delete',
]);

export function isExpiredSubAccount(): boolean {
  return isSubAccountSession() && getItem('userInfo')?.sub?.expired === true;
}

/** The signed-in user's home: /subHome for a sub-account user, else /home (spec §2). */
export function homePath(): string {
  return routeMeta(isSubAccountSession() ? 'subHome' : 'home').path;
}

/**
 * The guard of a signed-in page (spec §2), once the token check passed. Returns where to go
 * instead, or null to show the page:
 * - a route the user has no permission for (or that declares none) goes to /noPermission;
 * - a parent route goes to its first child that exists and the user may open, else /noPermission.
 */
export function guardTarget(
  page: RouteMeta | undefined,
  allowed: ReadonlySet<number>,
  built: ReadonlySet<RouteName>,
): string | null {
  if (!page || !allowed.has(page.permission)) return NO_PERMISSION_PATH;
  const children = childrenOf(page.name);
  if (children.length === 0) return null;
  const first = children.find((child) => built.has(child.name) && allowed.has(child.permission));
  return first ? first.path : NO_PERMISSION_PATH;
}

/** Whether the user may open a route: an empty list offers "create the first one" only then. */
export function mayOpen(name: RouteName): boolean {
  return allowedIds().has(routeMeta(name).permission);
}
