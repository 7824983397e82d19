/**
 * The permission table of spec §2 as the PWA reads it: the rows of the shared route table
 * (src/contract/routes.ts, also read by the server to compute `Auths`) with their title and intro
 * keys, and lookups. The router puts a route's row in its static data, the guards and the menus
 * read the rows.
 *
 * A row does not make a route: a page exists only once router.tsx creates a route for it. Rows of
 * pages still to be built are here so the permission ids are fixed in one place from the start.
 */
import { ROUTE_ROWS as ROWS, type RouteName, type RowInput } from '../../contract/routes';

export type { MenuIconName, MenuPlacement, RouteName, RouteSetName } from '../../contract/routes';

export interface RouteMeta extends Omit<RowInput, 'parent'> {
  name: RouteName;
  parent?: RouteName;
  /** i18n key of the title: header, menu, tab bar. */
  titleKey: string;
  /** i18n key of the intro tag: the one-line description beside the menu item. */
  introKey: string;
}

function rowOf(name: RouteName): RouteMeta {
  const input: RowInput = ROWS[name];
  return {
    ...input,
    name,
    parent: input.parent as RouteName | undefined,
    titleKey: `shell:routes.${name}`,
    introKey: `shell:intro.${name}`,
  };
}

/** Every row, in menu order. */
export const ROUTE_META: readonly RouteMeta[] = (Object.keys(ROWS) as RouteName[]).map(rowOf);

const BY_NAME = new Map(ROUTE_META.map((row) => [row.name, row]));

export function routeMeta(name: RouteName): RouteMeta {
  // Every RouteName has a row by construction.
  return BY_NAME.get(name) as RouteMeta;
}

/** The rows directly under `name`, in menu order. */
export function childrenOf(name: RouteName): RouteMeta[] {
  return ROUTE_META.filter((row) => row.parent === name);
}

/** Public pages of spec §2 (no permission, no guard beyond "signed in goes home"). */
export const SIGN_IN_PATH = '/';
export const NO_PERMISSION_PATH = '/noPermission';
export const NOT_FOUND_PATH = '/404';

/** What routes carry in their static data (router.tsx declares it for TanStack Router). */
export interface RouteStaticData {
  /** The route's row of this table: signed-in pages only. */
  page?: RouteMeta;
  /** i18n key of the title of a public page (signed-in pages take their row's). */
  titleKey?: string;
}

/** The pages that exist: the rows named by the static data of the router's routes. */
export function builtPages(routes: Iterable<{ options: { staticData?: RouteStaticData } }>): Set<RouteName> {
  const names = new Set<RouteName>();
  for (const route of routes) {
    const page = route.options.staticData?.page;
    if (page) names.add(page.name);
  }
  return names;
}
