/**
 * The route tree (spec §2): hash history, typed static data per route (permission id, title key),
 * and the guards in `beforeLoad`. Only the sign-in page is in the entry bundle; every other page
 * is loaded on demand so the first screen stays small.
 *
 * To add a signed-in page: create it under `authedRoute` with its `staticData` — the permission
 * check of `authedRoute` covers it automatically.
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
import { endSession, hasAccessToken } from './lib/session';
import { getItem } from './lib/storage';
import { isRouteAllowed } from './lib/permissions';
import { HOME_PATH } from './lib/redirect';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Permission (route) id of spec §2, e.g. 2001 for /home. Absent: any signed-in user. */
    permission?: number;
    /** i18n key of the page title, for the header and the menu. */
    titleKey?: string;
  }
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

/** Spec §2: with a token and stored user info, the sign-in and sign-up pages go to the home page. */
function leaveIfSignedIn(): void {
  if (hasAccessToken() && getItem('userInfo')) {
    // Sub-account users land on /subHome once that route set exists (next issue).
    throw redirect({ to: HOME_PATH });
  }
}

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <Navigate to="/404" replace />,
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
  path: '/404',
  staticData: { titleKey: 'account:notFound.title' },
  component: lazyRouteComponent(() => import('./routes/StatusPages'), 'NotFoundPage'),
});

const noPermissionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/noPermission',
  staticData: { titleKey: 'account:noPermission.title' },
  component: lazyRouteComponent(() => import('./routes/StatusPages'), 'NoPermissionPage'),
});

/** Spec §2: /index.html goes to /. */
const indexHtmlRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/index.html',
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});

/** Every signed-in page hangs under this pathless route, which owns the guards. */
const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: ({ location, matches }) => {
    if (!hasAccessToken()) {
      endSession();
      throw redirect({ to: '/', search: { redirect: location.href } });
    }
    if (matches.some((match) => !isRouteAllowed(match.staticData.permission))) {
      throw redirect({ to: '/noPermission' });
    }
  },
  component: lazyRouteComponent(() => import('./routes/AuthedLayout'), 'AuthedLayout'),
});

const homeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/home',
  staticData: { permission: 2001, titleKey: 'account:home.title' },
  component: lazyRouteComponent(() => import('./routes/HomeRoute'), 'HomeRoute'),
});

export const routeTree = rootRoute.addChildren([
  signInRoute,
  signUpRoute,
  notFoundRoute,
  noPermissionRoute,
  indexHtmlRoute,
  authedRoute.addChildren([homeRoute]),
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
