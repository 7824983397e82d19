/**
 * The permission matrix (spec §2, §6): ONE table of the permission keys a sub-account role can be
 * granted, each mapped to the routes of the shared route table (routes.ts) it opens. From it come
 * the role permission tree (the roles screen edits it), the allowed route ids of a sub-account
 * (`Auths`, `AuthsMenu`), its `subPermission` keys (the PWA hides or disables controls with them),
 * and the server's check of every bearer endpoint (each endpoint declares `permission`: one of
 * these keys, or `main` / `any`).
 *
 * Main accounts hold every key. A sub-account holds its role's keys, plus what they require
 * (`requires`: an action on a card needs the card list it is done from).
 */
import { z } from 'zod';
import { ROUTE_ROWS, type RouteName } from './routes';

/** The areas of the tree, each a menu section of the sub-account route set. */
export const PERMISSION_AREAS = ['finance', 'card', 'personal'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

interface PermissionRow {
  area: PermissionArea;
  /** The routes this key opens (with their parents); none for an action inside a page. */
  routes: readonly RouteName[];
  /** Keys granted along with this one, whatever the role says. */
  requires?: readonly string[];
}

/** In tree order. Titles: `roles:permissions.<area>.<action>` in the locale files. */
const TABLE = {
  'finance:wallet': { area: 'finance', routes: ['finance'] },
  'finance:record': { area: 'finance', routes: ['financeRecord'] },
  'card:open': { area: 'card', routes: ['cardOpen'] },
  'card:list': { area: 'card', routes: ['cardList'] },
  'card:detail': { area: 'card', routes: [], requires: ['card:list'] },
  'card:recharge': { area: 'card', routes: [], requires: ['card:list'] },
  'card:withdraw': { area: 'card', routes: [], requires: ['card:list'] },
  'card:freeze': { area: 'card', routes: [], requires: ['card:list'] },
  'card:delete': { area: 'card', routes: [], requires: ['card:list'] },
  'card:edit': { area: 'card', routes: [], requires: ['card:list'] },
  'card:otp': { area: 'card', routes: [], requires: ['card:list'] },
  'card:export': { area: 'card', routes: [], requires: ['card:list'] },
  'card:record': { area: 'card', routes: ['cardRecord'] },
  // Groups and tags are worked from the card list (the sub-account route set has no /cardGroup): a
  // member sees the groups it created or that hold its cards, and changes only its own.
  'card:groups': { area: 'card', routes: [], requires: ['card:list'] },
  'card:groupsManage': { area: 'card', routes: [], requires: ['card:groups'] },
  // Spending rules of a card and budgets of a group (issue 33): reading them comes with the card list
  // (card:list) or the groups (card:groups); changing them needs this key, and a group's budget
  // also a group the member may manage (card-groups/group-access.ts requireManageable).
  'card:limits': { area: 'card', routes: [], requires: ['card:list'] },
  'card:tags': { area: 'card', routes: [], requires: ['card:list'] },
  'card:tagsManage': { area: 'card', routes: [], requires: ['card:tags'] },
  'personal:account': { area: 'personal', routes: ['account'] },
} as const satisfies Record<string, PermissionRow>;

export type PermissionKey = keyof typeof TABLE;
export const PERMISSION_KEYS = Object.keys(TABLE) as PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return Object.hasOwn(TABLE, value);
}

export function permissionRow(key: PermissionKey): PermissionRow {
  return TABLE[key];
}

/**
 * What a bearer endpoint declares in `permission`: a key of the table (a sub-account needs it),
 * `main` (main account only; a sub-account gets 4030), or `any` (every signed-in user; the handler
 * scopes what a sub-account sees). An endpoint that declares nothing is treated as `main`.
 */
export const MAIN_ONLY = 'main';
export const ANY_USER = 'any';
export type EndpointAccess = PermissionKey | typeof MAIN_ONLY | typeof ANY_USER;

export function isEndpointAccess(value: string | undefined): value is EndpointAccess {
  return value === MAIN_ONLY || value === ANY_USER || (value !== undefined && isPermissionKey(value));
}

/** The keys as granted: unknown keys dropped, required keys added, in table order, unique. */
export function normalisePermissions(keys: Iterable<string>): PermissionKey[] {
  const granted = new Set<PermissionKey>();
  const add = (key: string): void => {
    if (!isPermissionKey(key) || granted.has(key)) return;
    granted.add(key);
    const row: PermissionRow = TABLE[key];
    for (const needed of row.requires ?? []) add(needed);
  };
  for (const key of keys) add(key);
  return PERMISSION_KEYS.filter((key) => granted.has(key));
}

// ---------------------------------------------------------------------------------------------
// The role permission tree

export const permissionNode = z.object({
  key: z.string(),
  /** i18n key of the node's title. */
  titleKey: z.string(),
  /** Route ids the node opens (what a "preview as this role" shows). */
  routeIds: z.array(z.number().int()),
  requires: z.array(z.string()),
});
export const permissionTreeArea = z.object({
  area: z.string(),
  titleKey: z.string(),
  routeId: z.number().int(),
  children: z.array(permissionNode),
});
export const permissionTree = z.array(permissionTreeArea);
export type PermissionTree = z.infer<typeof permissionTree>;

const AREA_ROUTE: Record<PermissionArea, RouteName> = {
  finance: 'finance',
  card: 'card',
  personal: 'personal',
};

function titleKeyOf(key: PermissionKey): string {
  const [area, action] = key.split(':');
  return `roles:permissions.${area}.${action}`;
}

/** The tree the roles screen shows: areas in table order, each with its keys. */
export function buildPermissionTree(): PermissionTree {
  return PERMISSION_AREAS.map((area) => ({
    area,
    titleKey: `roles:areas.${area}`,
    routeId: ROUTE_ROWS[AREA_ROUTE[area]].permission,
    children: PERMISSION_KEYS.filter((key) => TABLE[key].area === area).map((key) => {
      const row: PermissionRow = TABLE[key];
      return {
        key,
        titleKey: titleKeyOf(key),
        routeIds: row.routes.map((name) => ROUTE_ROWS[name].permission),
        requires: [...(row.requires ?? [])],
      };
    }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Allowed route ids (`Auths`, `AuthsMenu`) and keys (`subPermission`), as the server sends them

/** Fields named after the storage keys of spec §3, so the PWA stores them as they come. */
export const accessGrant = z.object({
  /** 1 = sub-account mode (storage key `subAccount`). */
  subAccount: z.union([z.literal(0), z.literal(1)]),
  /** Every allowed route id. */
  Auths: z.array(z.object({ id: z.number().int() })),
  /** The allowed route ids listed in a menu. */
  AuthsMenu: z.array(z.number().int()),
  /** The permission keys held (all of them for a main account). */
  subPermission: z.array(z.string()),
});
export type AccessGrant = z.infer<typeof accessGrant>;

type RouteRow = (typeof ROUTE_ROWS)[RouteName] & { parent?: RouteName; subAccountFeature?: true };
const ROUTE_NAMES = Object.keys(ROUTE_ROWS) as RouteName[];
const rowOfRoute = (name: RouteName): RouteRow => ROUTE_ROWS[name] as RouteRow;

function idsOf(names: Iterable<RouteName>): number[] {
  const wanted = new Set(names);
  // Table order, one id each (the recharge pages share one id).
  return [...new Set(ROUTE_NAMES.filter((n) => wanted.has(n)).map((n) => rowOfRoute(n).permission))];
}

function menuIdsOf(names: Iterable<RouteName>): number[] {
  const wanted = new Set(names);
  return idsOf(ROUTE_NAMES.filter((n) => wanted.has(n) && rowOfRoute(n).menu !== 'none'));
}

/** The routes a sub-account holding `keys` may open: /subHome, its keys' routes and their parents. */
export function subRouteNames(keys: readonly string[]): RouteName[] {
  const names = new Set<RouteName>(['subHome']);
  for (const key of normalisePermissions(keys)) {
    for (const route of TABLE[key].routes as readonly RouteName[]) {
      let name: RouteName | undefined = route;
      while (name) {
        names.add(name);
        name = rowOfRoute(name).parent;
      }
    }
  }
  return ROUTE_NAMES.filter((n) => names.has(n) && rowOfRoute(n).sets.includes('sub' as never));
}

/** Main account: the main set, without the sub-account pages when the feature is off (subSwitch 0). */
const mainGrants = new Map<number, AccessGrant>();
export function mainAccessGrant(subSwitch: number): AccessGrant {
  // A pure function of the constant table: computed once per switch value (it runs on every `info`)
  // and frozen all the way down, so every caller may share it. A copy per call was 5 % of the
  // portal's CPU on /api/user/info.
  const known = mainGrants.get(subSwitch);
  if (known) return known;
  const grant = deepFreeze(buildMainGrant(subSwitch));
  mainGrants.set(subSwitch, grant);
  return grant;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function buildMainGrant(subSwitch: number): AccessGrant {
  const names = ROUTE_NAMES.filter((n) => {
    const row = rowOfRoute(n);
    return row.sets.includes('main' as never) && !(row.subAccountFeature && subSwitch === 0);
  });
  return {
    subAccount: 0,
    Auths: idsOf(names).map((id) => ({ id })),
    AuthsMenu: menuIdsOf(names),
    subPermission: [...PERMISSION_KEYS],
  };
}

/** Sub-account: what its role's keys open. */
export function subAccessGrant(keys: readonly string[]): AccessGrant {
  const names = subRouteNames(keys);
  return {
    subAccount: 1,
    Auths: idsOf(names).map((id) => ({ id })),
    AuthsMenu: menuIdsOf(names),
    subPermission: normalisePermissions(keys),
  };
}
