// @vitest-environment jsdom
/**
 * The guard rules of spec §2 through the real router (memory history), plus the parent-route rule
 * on a small tree of future pages built with the same guard.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeMeta, type RouteName } from './lib/route-meta';
import { getItem, setItem } from './lib/storage';
import { guardSignedInPage } from './router';
import type { UserInfo } from '../contract/account';
import { subAccessGrant } from '../contract/permissions';
import { FULL_MEMBER_GRANT, storeSession, TEST_USER } from './testing/fixtures';
import { renderApp, stubApi } from './testing/utils';

// jsdom has no IndexedDB; the home page keeps its offline snapshot there.
vi.mock('idb-keyval', async () => (await import('./testing/fixtures')).memoryIdb());

const TOKENS = {
  access_token: 'access-token-2',
  access_overtime: 4_102_444_800_000,
  refresh_token: 'r'.repeat(20),
};

/** The member a sub-account session is, as the server describes it (every key of a role). */
const MEMBER = { ...TEST_USER, ...FULL_MEMBER_GRANT };

function stubSignedInApi(user: UserInfo = TEST_USER) {
  return stubApi((r) => {
    if (!r.headers.get('authorization')) return { code: 401 };
    if (r.path === '/api/user/info') return { code: 200, data: user };
    if (r.path === '/api/user/wallet') return { code: 200, data: { CNY: 0, USD: 0 } };
    return { code: 404 };
  });
}

async function landsOn(path: string, router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 5000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('no access token', () => {
  it('clears the storage and goes to sign-in, remembering the page', async () => {
    setItem('userInfo', TEST_USER); // a half session: user info without a token
    setItem('Auths', [{ id: 2001 }]);
    setItem('username', 'ada@example.com');
    stubApi(() => ({ code: 401 }));
    const { router } = renderApp('/home?tab=cards');
    await landsOn('/', router);
    expect(router.state.location.search).toMatchObject({ redirect: '/home?tab=cards' });
    expect(getItem('userInfo')).toBeNull();
    expect(getItem('Auths')).toBeNull();
    expect(getItem('username')).toBe('ada@example.com');
  });

  it('also for /subHome', async () => {
    stubApi(() => ({ code: 401 }));
    const { router } = renderApp('/subHome');
    await landsOn('/', router);
  });

  it('after signing in, goes back to the page asked for', async () => {
    stubApi((r) => {
      if (r.path === '/api/user/loginPwd') return { code: 200, data: TOKENS };
      if (!r.headers.get('authorization')) return { code: 401 };
      if (r.path === '/api/user/info') return { code: 200, data: TEST_USER };
      return { code: 404 };
    });
    const { router } = renderApp('/noPermission');
    await router.navigate({ to: '/home' });
    await landsOn('/', router);
    await screen.findByTestId('password-sign-in', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    await landsOn('/home', router);
    // Sign-in derived and stored the permissions the guards read.
    expect(getItem('Auths')).toEqual(expect.arrayContaining([{ id: 2001 }]));
  });
});

describe('signed in', () => {
  it.each(['/', '/signup'])('visiting %s goes home', async (path) => {
    storeSession();
    stubSignedInApi();
    const { router } = renderApp(path);
    await landsOn('/home', router);
  });

  it('a sub-account user visiting sign-in goes to /subHome', async () => {
    storeSession(TEST_USER, { subAccount: true });
    stubSignedInApi(MEMBER);
    const { router } = renderApp('/');
    await landsOn('/subHome', router);
  });

  it('a token without stored user info stays on sign-in (the sign-in is not complete)', async () => {
    setItem('access_token', 'access-token-1');
    stubApi(() => ({ code: 401 }));
    const { router } = renderApp('/');
    await screen.findByTestId('password-sign-in', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
  });

  it('a route without permission goes to /noPermission: main account on /subHome', async () => {
    storeSession();
    stubSignedInApi();
    const { router } = renderApp('/subHome');
    await landsOn('/noPermission', router);
    expect(await screen.findByTestId('status-noPermission', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a route without permission goes to /noPermission: sub-account user on /home', async () => {
    storeSession(TEST_USER, { subAccount: true });
    stubSignedInApi(MEMBER);
    const { router } = renderApp('/home');
    await landsOn('/noPermission', router);
  });

  it('the server decides: /home refused when its fresh answer lacks 2001 too', async () => {
    storeSession();
    setItem('Auths', [{ id: 2002 }]);
    const api = stubSignedInApi({ ...TEST_USER, Auths: [{ id: 2002 }], AuthsMenu: [2002] });
    const { router } = renderApp('/home');
    await landsOn('/noPermission', router);
    // Refused only after asking the server once for fresh rights.
    expect(api.requests.some((r) => r.path === '/api/user/info')).toBe(true);
  });

  it('rights granted since sign-in open the page without signing in again', async () => {
    // Signed in as a member without card opening; the owner has granted it since.
    const before = subAccessGrant(['card:list']);
    storeSession({ ...TEST_USER, ...before });
    stubSignedInApi({ ...TEST_USER, ...subAccessGrant(['card:list', 'card:open']) });
    const { router } = renderApp('/cardOpen');
    await landsOn('/cardOpen', router);
    expect(getItem('subPermission')).toContain('card:open');
    expect(getItem('access_token')).toBe('access-token-1');
  });

  it('a session stored without rights asks the server for them before guarding', async () => {
    storeSession();
    localStorage.removeItem('Auths');
    localStorage.removeItem('AuthsMenu');
    stubSignedInApi();
    const { router } = renderApp('/cardList');
    await landsOn('/cardList', router);
    expect(getItem('Auths')).toEqual(TEST_USER.Auths);
  });
});

describe('paths', () => {
  it('unknown paths go to /404', async () => {
    stubApi(() => ({ code: 401 }));
    const { router } = renderApp('/noSuchPage');
    await landsOn('/404', router);
  });

  it('/index.html goes to /', async () => {
    stubApi(() => ({ code: 401 }));
    const { router } = renderApp('/index.html');
    await landsOn('/', router);
  });

  it('/noPermission is public: shown without the shell when signed out', async () => {
    stubApi(() => ({ code: 401 }));
    renderApp('/noPermission');
    expect(await screen.findByTestId('status-noPermission', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('shell')).toBeNull();
  });
});

describe('a parent route goes to its first authorised child', () => {
  /** Future pages (finance) on a tree of their own, guarded like the real signed-in pages. */
  function financeRouter(path: string, built: RouteName[]) {
    const root = createRootRoute({ component: Outlet });
    const authed = createRoute({
      getParentRoute: () => root,
      id: 'authed',
      beforeLoad: ({ location, matches }) =>
        guardSignedInPage(location.href, matches.at(-1)?.staticData.page, new Set(built)),
    });
    const page = (name: RouteName) =>
      createRoute({
        getParentRoute: () => authed,
        path: routeMeta(name).path,
        staticData: { page: routeMeta(name) },
        component: () => <p>{name}</p>,
      });
    const signIn = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>sign-in</p> });
    const denied = createRoute({
      getParentRoute: () => root,
      path: '/noPermission',
      component: () => <p>denied</p>,
    });
    const tree = root.addChildren([signIn, denied, authed.addChildren(built.map(page))]);
    const router = createRouter({
      routeTree: tree,
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  const FINANCE: RouteName[] = [
    'finance',
    'FinanceRecharge',
    'FinanceRechargeIndex',
    'financeAudit',
    'financeRecord',
  ];

  it('main account: /finance → /FinanceRecharge → /FinanceRechargeIndex', async () => {
    storeSession();
    stubSignedInApi();
    const router = financeRouter('/finance', FINANCE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/FinanceRechargeIndex'));
    expect(await screen.findByText('FinanceRechargeIndex')).toBeTruthy();
  });

  it('sub-account user: /finance → /financeRecord (no recharge permission)', async () => {
    storeSession(TEST_USER, { subAccount: true });
    stubSignedInApi(MEMBER);
    const router = financeRouter('/finance', FINANCE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/financeRecord'));
  });

  it('no authorised child: /noPermission', async () => {
    storeSession(TEST_USER, { subAccount: true });
    stubSignedInApi(MEMBER);
    const router = financeRouter('/finance', ['finance', 'FinanceRecharge', 'FinanceRechargeIndex']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/noPermission'));
  });

  it('no token: sign-in first', async () => {
    const router = financeRouter('/finance', FINANCE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ redirect: '/finance' });
  });
});
