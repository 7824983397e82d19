/**
 * Which routes a user may open (spec §2, §6). The server does not send permission ids yet, so the
 * allowed ids are derived from the permission table (route-meta.ts) and the account type:
 *
 * - main account, sub-account feature on or unset: every id of the main set;
 * - main account with the feature off (statusList.subSwitch 0): the main set without the
 *   sub-account management ids;
 * - sub-account user (stored `subAccount` = 1): the sub set;
 * - nobody signed in: the pre-login default set, the home page alone.
 *
 * They are stored at sign-in (and whenever the user info is refreshed) as `Auths` (every allowed
 * id) and `AuthsMenu` (the allowed ids that are listed in a menu); the guards read `Auths`, the
 * menus `AuthsMenu`. When the server starts sending ids, only `storePermissions` changes.
 */
import type { UserInfo } from '../../contract/account';
import {
  childrenOf,
  NO_PERMISSION_PATH,
  ROUTE_META,
  routeMeta,
  type RouteMeta,
  type RouteName,
} from './route-meta';
import { getItem, setItem } from './storage';

export type AccountKind =
  { kind: 'signedOut' } | { kind: 'main'; subSwitch: 0 | 1 | undefined } | { kind: 'sub' };

/** The allowed permission ids of an account, unique, in table order. */
export function allowedIdsFor(account: AccountKind): number[] {
  const rows = ROUTE_META.filter((row) => {
    switch (account.kind) {
      case 'signedOut':
        return row.name === 'home';
      case 'sub':
        return row.sets.includes('sub');
      case 'main':
        return row.sets.includes('main') && !(row.subAccountFeature && account.subSwitch === 0);
    }
  });
  return [...new Set(rows.map((row) => row.permission))];
}

/** Of `ids`, those of routes listed in a menu (what `AuthsMenu` holds). */
export function menuIdsOf(ids: readonly number[]): number[] {
  const listed = new Set(ROUTE_META.filter((row) => row.menu !== 'none').map((row) => row.permission));
  return ids.filter((id) => listed.has(id));
}

export function isSubAccountSession(): boolean {
  return getItem('subAccount') === 1;
}

export function accountKindOf(info: UserInfo | null): AccountKind {
  if (isSubAccountSession()) return { kind: 'sub' };
  if (!info) return { kind: 'signedOut' };
  return { kind: 'main', subSwitch: info.statusList?.subSwitch };
}

/** Derives and stores `Auths` and `AuthsMenu` for this user; returns the allowed ids. */
export function storePermissions(info: UserInfo | null): number[] {
  const ids = allowedIdsFor(accountKindOf(info));
  setItem(
    'Auths',
    ids.map((id) => ({ id })),
  );
  setItem('AuthsMenu', menuIdsOf(ids));
  return ids;
}

/**
 * The allowed ids as stored. A session stored before the ids were (an older version of the app)
 * gets them derived from its stored user info now; without one, the pre-login set, not stored.
 */
export function allowedIds(): ReadonlySet<number> {
  const stored = getItem('Auths');
  if (Array.isArray(stored)) return new Set(stored.map((entry) => entry.id));
  const info = getItem('userInfo');
  return new Set(info ? storePermissions(info) : allowedIdsFor(accountKindOf(null)));
}

/** The ids the menus may list (`AuthsMenu`), derived like allowedIds when missing. */
export function menuIds(): ReadonlySet<number> {
  const stored = getItem('AuthsMenu');
  if (Array.isArray(stored)) return new Set(stored);
  return new Set(menuIdsOf([...allowedIds()]));
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
