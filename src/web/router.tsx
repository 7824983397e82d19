/**
 * The route tree (spec §2): hash history, and one row of the permission table (lib/route-meta.ts)
 * as typed static data on every signed-in page — permission id, title, icon, menu placement. The
 * menus and the route sets are derived from these routes and the user's allowed ids, so a page
 * added here appears in the menus by itself. Only the sign-in page is in the entry bundle.
 *
 *   /  /signup  /404  /index.html  /subInvite   public, no shell
 *   shell (pathless): side menu, header, content — or the bare page when signed out
 *     /noPermission                          public
 *     authed (pathless): the guards
 *       /home  /subHome  ...                 signed-in pages
 *
 * To add a signed-in page: create it under `authedRoute` with `staticData: pageData('<name>')` and
 * add it to SIGNED_IN_PAGES. A section (e.g. /finance) is a route with its row and no component:
 * the guard sends it to its first child the user may open.
 */
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { PageLoading } from './components/ui/PageLoading';
import { SignInPage } from './features/auth/SignInPage';
import { isIdle } from './lib/activity';
import { translate } from './lib/i18n';
import { toastError } from './lib/notify';
import { allowedIds, guardTarget, hasStoredAccess, homePath } from './lib/permissions';
import {
  builtPages,
  NO_PERMISSION_PATH,
  NOT_FOUND_PATH,
  routeMeta,
  type RouteMeta,
  type RouteName,
  type RouteStaticData,
} from './lib/route-meta';
import { endSession, hasAccessToken } from './lib/session';
import { getItem } from './lib/storage';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  interface StaticDataRouteOption extends RouteStaticData {}
}

export interface SignInSearch {
  /** In-app path to return to after signing in. */
  redirect?: string;
  /** Prefills the e-mail (after sign-up). */
  email?: string;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Static data of a signed-in page: its row of the permission table. */
function pageData(name: RouteName): RouteStaticData {
  return { page: routeMeta(name) };
}

/** Spec §2: with a token and stored user info, sign-in and sign-up go to subHome or home. */
export function leaveIfSignedIn(): void {
  if (hasAccessToken() && getItem('userInfo')) throw redirect({ href: homePath(), replace: true });
}

/**
 * The guard of every signed-in page (spec §2). No token: the storage is cleared and the user goes
 * to sign-in, which brings them back to `href` afterwards. A session idle for over 2 hours (spec
 * §4; the app was closed meanwhile) ends here too, before any page of it renders and loads. Then
 * the permission rules of guardTarget: no permission goes to /noPermission, a section to its first
 * authorised child — after one check of fresh rights from the server (lib/access-refresh.ts).
 *
 * @param page  the row of the page being opened (the deepest match's static data)
 * @param built the pages that exist (a section only sends users to children that exist)
 */
export async function guardSignedInPage(
  href: string,
  page: RouteMeta | undefined,
  built: ReadonlySet<RouteName>,
): Promise<void> {
  if (!hasAccessToken()) {
    void endSession();
    throw redirect({ to: '/', search: { redirect: href }, replace: true });
  }
  if (isIdle(Date.now())) {
    // Loaded here: the logout module carries the contract (and zod), not wanted in the entry bundle.
    const { endIdleSession } = await import('./lib/logout');
    void endIdleSession();
    toastError(translate('common:catalogue.idleTimeout'));
    throw redirect({ to: '/', search: { redirect: href }, replace: true });
  }
  let target = guardTarget(page, allowedIds(), built);
  if (target === NO_PERMISSION_PATH || !hasStoredAccess()) {
    // The stored rights may be out of date (the owner just granted this page) or missing (a
    // session stored by an older version): ask the server once before refusing.
    const { refreshAccess } = await import('./lib/access-refresh');
    if (await refreshAccess()) target = guardTarget(page, allowedIds(), built);
  }
  if (target) throw redirect({ href: target, replace: true });
}

const rootRoute = createRootRoute({
  component: Outlet,
  // Spec §2: unknown paths go to /404.
  notFoundComponent: () => <Navigate to={NOT_FOUND_PATH} replace />,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    redirect: optionalText(search.redirect),
    email: optionalText(search.email),
  }),
  beforeLoad: leaveIfSignedIn,
  staticData: { titleKey: 'auth:signIn.submit' },
  component: SignInPage,
});

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  beforeLoad: leaveIfSignedIn,
  staticData: { titleKey: 'auth:signUp.title' },
  component: lazyRouteComponent(() => import('./features/auth/SignUpPage'), 'SignUpPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: NOT_FOUND_PATH,
  staticData: { titleKey: 'account:notFound.title' },
  component: lazyRouteComponent(() => import('./routes/StatusPages'), 'NotFoundPage'),
});

/**
 * Issue 14: the link an invited team member opens to choose their password. Public like sign-up;
 * a signed-in visitor sees it too (they may be opening a colleague's link on a shared device).
 */
const subInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subInvite',
  staticData: { titleKey: 'subInvite:title' },
  component: lazyRouteComponent(() => import('./routes/SubInviteRoute'), 'SubInviteRoute'),
});

/** Spec §2: /index.html goes to /. */
const indexHtmlRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/index.html',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});

/** The shell around /noPermission and every signed-in page. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: lazyRouteComponent(() => import('./routes/ShellLayout'), 'ShellLayout'),
});

const noPermissionRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/noPermission',
  staticData: { titleKey: 'account:noPermission.title' },
  component: lazyRouteComponent(() => import('./routes/StatusPages'), 'NoPermissionPage'),
});

/** Every signed-in page hangs under this pathless route, which owns the guards. */
const authedRoute = createRoute({
  getParentRoute: () => shellRoute,
  id: 'authed',
  // Inline so TypeScript types `matches` from the route tree without a circular reference.
  beforeLoad: ({ location, matches }) =>
    guardSignedInPage(location.href, matches.at(-1)?.staticData.page, BUILT_PAGES),
});

const homeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/home',
  staticData: pageData('home'),
  // The page's first answers and lazy parts load beside its code, and it shows once they are in.
  // Taken from the page's own module, so the loader costs no chunk of its own.
  loader: () => import('./routes/HomeRoute').then(({ loadHome }) => loadHome()),
  component: lazyRouteComponent(() => import('./routes/HomeRoute'), 'HomeRoute'),
});

const subHomeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/subHome',
  staticData: pageData('subHome'),
  component: lazyRouteComponent(() => import('./routes/SubHomeRoute'), 'SubHomeRoute'),
});

/** A signed-in page whose component is loaded on first visit. */
function lazyPage<Module extends Record<string, unknown>>(
  name: RouteName,
  path: `/${string}`,
  load: () => Promise<Module>,
  exportName: keyof Module & string,
) {
  return createRoute({
    getParentRoute: () => authedRoute,
    path,
    staticData: pageData(name),
    component: lazyRouteComponent(load, exportName),
  });
}

/** A menu section: no page of its own, the guard sends it to its first authorised child. */
function section(name: RouteName, path: `/${string}`) {
  return createRoute({ getParentRoute: () => authedRoute, path, staticData: pageData(name) });
}

const financeRoutes = [
  section('finance', '/finance'),
  section('FinanceRecharge', '/FinanceRecharge'),
  lazyPage(
    'FinanceRechargeIndex',
    '/FinanceRechargeIndex',
    () => import('./features/finance/recharge/RechargeIndexPage'),
    'RechargeIndexPage',
  ),
  lazyPage(
    'FinanceRechargeOnline',
    '/FinanceRechargeOnline',
    () => import('./features/finance/recharge/RechargeOnlinePage'),
    'RechargeOnlinePage',
  ),
  lazyPage(
    'FinanceRechargeUnionPay',
    '/FinanceRechargeUnionPay',
    () => import('./features/finance/recharge/RechargeUnionPayPage'),
    'RechargeUnionPayPage',
  ),
  lazyPage(
    'FinanceRechargeBank',
    '/FinanceRechargeBank',
    () => import('./features/finance/transfer/RechargeBankPage'),
    'RechargeBankPage',
  ),
  lazyPage(
    'financeAudit',
    '/financeAudit',
    () => import('./features/finance/transfer/FinanceAuditPage'),
    'FinanceAuditPage',
  ),
  lazyPage(
    'financeRecord',
    '/financeRecord',
    () => import('./features/finance/records/FinanceRecordPage'),
    'FinanceRecordPage',
  ),
] as const;

/** Issue 5: each card page adds its own line here. */
const cardRoutes = [
  section('card', '/card'),
  lazyPage('cardList', '/cardList', () => import('./features/cards/list/CardListPage'), 'CardListPage'),
  lazyPage('cardOpen', '/cardOpen', () => import('./features/cards/open/CardOpenPage'), 'CardOpenPage'),
  lazyPage('cardGroup', '/cardGroup', () => import('./features/card-groups/CardGroupPage'), 'CardGroupPage'),
  lazyPage(
    'cardRecord',
    '/cardRecord',
    () => import('./features/cards/records/CardRecordPage'),
    'CardRecordPage',
  ),
  lazyPage(
    'cardGrande',
    '/cardGrande',
    () => import('./features/cards/grade/CardGradePage'),
    'CardGradePage',
  ),
] as const;

/** Issue 14: the owner's team pages (spec §2: with subSwitch on). */
const subAccountRoutes = [
  section('subAccount', '/subAccount'),
  lazyPage(
    'subAccountManage',
    '/subAccountManage',
    () => import('./features/sub-accounts/SubAccountManagePage'),
    'SubAccountManagePage',
  ),
  lazyPage(
    'subCardList',
    '/subCardList',
    () => import('./features/cards/sub/SubCardListPage'),
    'SubCardListPage',
  ),
  lazyPage(
    'subCardRecord',
    '/subCardRecord',
    () => import('./features/cards/records/SubCardRecordPage'),
    'SubCardRecordPage',
  ),
] as const;

/**
 * The personal centre (issue 16). `/account` shows a team member its own profile and the owner the
 * account page (routes/AccountRoute.tsx), each an index of sections at `/account/<section>`.
 */
const personalRoutes = [
  section('personal', '/personal'),
  lazyPage('account', '/account', () => import('./routes/AccountRoute'), 'AccountRoute'),
  // Each section of the personal centre is its own screen under the same row (2007001).
  lazyPage('account', '/account/$section', () => import('./routes/AccountRoute'), 'AccountSectionRoute'),
  lazyPage('googleAuth', '/googleAuth', () => import('./features/account/GoogleAuthPage'), 'GoogleAuthPage'),
  lazyPage('operate', '/operate', () => import('./features/logs/OperatePage'), 'OperatePage'),
  lazyPage('identity', '/identity', () => import('./features/identity/IdentityPage'), 'IdentityPage'),
] as const;

/** Issue 17: the invite-rebate (agent) page. */
const agentRoutes = [
  lazyPage('rebate', '/rebate', () => import('./features/agent/RebatePage'), 'RebatePage'),
] as const;

const SIGNED_IN_PAGES = [
  homeRoute,
  subHomeRoute,
  ...financeRoutes,
  ...cardRoutes,
  ...subAccountRoutes,
  ...personalRoutes,
  ...agentRoutes,
] as const;
const BUILT_PAGES: ReadonlySet<RouteName> = builtPages(SIGNED_IN_PAGES);

export const routeTree = rootRoute.addChildren([
  signInRoute,
  signUpRoute,
  notFoundRoute,
  subInviteRoute,
  indexHtmlRoute,
  shellRoute.addChildren([noPermissionRoute, authedRoute.addChildren([...SIGNED_IN_PAGES])]),
]);

export function createAppRouter(history: RouterHistory = createHashHistory()) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    defaultPendingComponent: PageLoading,
    // Show the spinner only when a page chunk is actually slow, to avoid a flash on fast loads.
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
