/**
 * The console's routes (hash history, like the PWA): sign-in, the set-up link, and the desks under
 * the signed-in layout, each with the permission id it needs in its `staticData` — the same ids the
 * server enforces (contract/operator.ts). A desk the role lacks is neither in the menu nor reachable.
 */
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { OperatorMe, OperatorPermission } from '@contract/operator';
import { consoleFeatures, operatorWhoAmI } from '@contract/operator';
import { call, session } from './api';
import type { Desk } from './desks';
import { allowedDesks, currentOperator, DESKS, rememberOperator, to } from './desks';
import { Layout } from './Layout';
import { AuditPage } from './pages/AuditPage';
import { CustomersPage } from './pages/customers/CustomersPage';
import { NoticesPage } from './pages/notices/NoticesPage';
import { CouponsPage } from './pages/coupons/CouponsPage';
import { ForecastsPage } from './pages/ForecastsPage';
import { IdentityPage } from './pages/IdentityPage';
import { OperatorsPage } from './pages/OperatorsPage';
import { PayoutsPage } from './pages/PayoutsPage';
import { PricesPage } from './pages/prices/PricesPage';
import { SetupPage } from './pages/SetupPage';
import { SignInPage } from './pages/SignInPage';

// The route types registered for the tsc program are the PWA's (src/web/router.tsx), so console
// paths are cast where the router's typed API expects one of those; the permission meta merges in.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    consolePermission?: OperatorPermission;
  }
}

const rootRoute = createRootRoute({ component: Outlet });

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: SignInPage,
  staticData: { titleKey: 'signIn.title' },
});

const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setup/$token',
  component: SetupPage,
  staticData: { titleKey: 'setup.title' },
});

const deskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/desk',
  component: Layout,
  beforeLoad: async () => {
    if (!session.token()) throw redirect({ to: to('/') });
    let me = currentOperator();
    if (!me) {
      try {
        me = rememberOperator(await call(operatorWhoAmI, {}), await call(consoleFeatures, {}));
      } catch {
        throw redirect({ to: to('/') });
      }
    }
    return { me };
  },
});

function deskPage(desk: Desk, component: () => React.JSX.Element) {
  return createRoute({
    getParentRoute: () => deskRoute,
    path: desk.path.slice('/desk/'.length),
    component,
    staticData: { consolePermission: desk.permission, titleKey: desk.titleKey },
    beforeLoad: ({ context }) => {
      const me = (context as { me: OperatorMe }).me;
      if (!allowedDesks(me).includes(desk)) {
        const first = allowedDesks(me)[0];
        throw redirect({ to: to(first ? first.path : '/') });
      }
    },
  });
}

const deskIndex = createRoute({
  getParentRoute: () => deskRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const first = allowedDesks((context as { me: OperatorMe }).me)[0];
    if (first) throw redirect({ to: to(first.path) });
  },
  component: () => null,
});

const PAGES = {
  '/desk/forecasts': ForecastsPage,
  '/desk/identity': IdentityPage,
  '/desk/payouts': PayoutsPage,
  '/desk/notices': NoticesPage,
  '/desk/customers': CustomersPage,
  '/desk/audit': AuditPage,
  '/desk/operators': OperatorsPage,
  '/desk/prices': PricesPage,
  '/desk/coupons': CouponsPage,
} as const;

const routeTree = rootRoute.addChildren([
  signInRoute,
  setupRoute,
  deskRoute.addChildren([deskIndex, ...DESKS.map((desk) => deskPage(desk, PAGES[desk.path]))]),
]);

export { forgetOperator, to } from './desks';

export function createConsoleRouter() {
  return createRouter({ routeTree, history: createHashHistory() });
}
