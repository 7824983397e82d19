/**
 * The menus, derived (spec §2 "Side menu"): from the routes that exist in the router and have a
 * title (their rows of lib/route-meta.ts), filtered by the ids the user may see (`AuthsMenu`).
 * Pure functions, so every route set can be tested without rendering.
 *
 * - A page is listed when its route exists, it is placed in a menu and its id is allowed.
 * - A section (a row with listed children: finance, card, personal...) is listed when its own id
 *   is allowed and at least one child is listed. It toggles open in the side menu; in the tab bar
 *   it links to its first listed page.
 * - Pages of later issues appear by themselves once their routes exist.
 */
import { ROUTE_META, routeMeta, type RouteMeta, type RouteName } from '../../lib/route-meta';

export interface MenuEntry {
  meta: RouteMeta;
  /** Listed children; empty for a page. */
  children: MenuEntry[];
}

function hasListedChildRows(name: RouteName): boolean {
  return ROUTE_META.some((row) => row.parent === name && row.menu !== 'none');
}

function entryOf(
  meta: RouteMeta,
  built: ReadonlySet<RouteName>,
  allowed: ReadonlySet<number>,
): MenuEntry | null {
  if (meta.menu === 'none' || !allowed.has(meta.permission)) return null;
  if (!hasListedChildRows(meta.name)) return built.has(meta.name) ? { meta, children: [] } : null;
  const children = ROUTE_META.filter((row) => row.parent === meta.name)
    .map((row) => entryOf(row, built, allowed))
    .filter((entry): entry is MenuEntry => entry !== null);
  return children.length > 0 ? { meta, children } : null;
}

/** The side menu (and the drawer): top-level entries in table order. */
export function buildMenu(built: ReadonlySet<RouteName>, allowed: ReadonlySet<number>): MenuEntry[] {
  return ROUTE_META.filter((row) => row.parent === undefined)
    .map((row) => entryOf(row, built, allowed))
    .filter((entry): entry is MenuEntry => entry !== null);
}

/** The phone's bottom tab bar: the main sections among the listed top-level entries. */
export function tabEntries(menu: readonly MenuEntry[]): MenuEntry[] {
  return menu.filter((entry) => entry.meta.menu === 'tab');
}

/** Where an entry leads: a page's own path, a section's first listed page. */
export function targetOf(entry: MenuEntry): string {
  const [first] = entry.children;
  return first ? targetOf(first) : entry.meta.path;
}

/** The row whose path is `pathname` (paths match case-insensitively, as the router's do). */
export function rowOfPath(pathname: string): RouteMeta | undefined {
  const path = pathname.toLowerCase();
  return ROUTE_META.find((row) => row.path.toLowerCase() === path);
}

function isAncestorOrSelf(name: RouteName, of: RouteMeta | undefined): boolean {
  for (let row = of; row; row = row.parent ? routeMeta(row.parent) : undefined) {
    if (row.name === name) return true;
  }
  return false;
}

/**
 * Whether an entry is highlighted on `pathname`: its own page, a page under it (the recharge
 * channels under Recharge), a section holding the current page, and — spec §2 — the recharge item
 * on any path containing "FinanceRecharge".
 */
export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  const { highlightWhenPathContains: marker, name } = entry.meta;
  if (marker && pathname.includes(marker)) return true;
  if (isAncestorOrSelf(name, rowOfPath(pathname))) return true;
  return entry.children.some((child) => isEntryActive(child, pathname));
}

/**
 * Sections open at first: the finance, card and personal sections for a first-time user (spec
 * §2 `guide`), and always the section holding the current page.
 */
export function initiallyOpen(menu: readonly MenuEntry[], pathname: string, guide: boolean): Set<RouteName> {
  const open = new Set<RouteName>();
  for (const entry of menu) {
    if (entry.children.length === 0) continue;
    if ((guide && entry.meta.guideOpen) || isEntryActive(entry, pathname)) open.add(entry.meta.name);
  }
  return open;
}
