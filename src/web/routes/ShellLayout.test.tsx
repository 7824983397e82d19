// @vitest-environment jsdom
/** The shell around signed-in pages (spec §2, §4): menus, header, logout, inactivity, footer. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pkg from '../../../package.json';
import { IDLE_LIMIT_MS } from '../lib/activity';
import * as notify from '../lib/notify';
import type * as Offline from '../lib/offline';
import { queryClient } from '../lib/queryClient';
import { getItem, setItem } from '../lib/storage';
import { setWidth } from '../testing/browser';
import { shellApi, storeSession, TEST_USER } from '../testing/fixtures';
import { renderApp, stubApi } from '../testing/utils';

// jsdom has no IndexedDB; the home page keeps its offline snapshot there.
vi.mock('idb-keyval', async () => (await import('../testing/fixtures')).memoryIdb());

const clearOfflineData = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../lib/offline', async (importOriginal) => ({
  ...(await importOriginal<typeof Offline>()),
  clearOfflineData,
}));

const WAIT = { timeout: 8000 };
// The first test of a file also loads the lazy page modules, which is slow in jsdom.
vi.setConfig({ testTimeout: 20_000 });

async function shellOn(path: string, width = 1280, api = shellApi()) {
  setWidth(width);
  storeSession();
  setItem('username', 'ada@example.com');
  setItem('autoLogin', true);
  setItem('lang', 'en');
  const stub = stubApi(api);
  const view = renderApp(path);
  await screen.findByTestId('shell', {}, WAIT);
  return { ...stub, ...view };
}

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearOfflineData.mockClear();
  setWidth(1024);
});

describe('wide screen', () => {
  it('shows the side menu built from the routes, with icons, intro tags and logout last', async () => {
    await shellOn('/home');
    const menu = screen.getByTestId('side-menu');
    const items = within(menu).getAllByRole('listitem');
    // Built pages only: overview, finance, the scenario query, cards, the team, personal and rebate pages.
    expect(
      items.map((item) => item.querySelector('[data-testid^="menu-"]')?.getAttribute('data-testid')),
    ).toEqual([
      'menu-home',
      'menu-finance',
      'menu-cardGrande',
      'menu-card',
      'menu-subAccount',
      'menu-personal',
      'menu-rebate',
      'menu-logout',
    ]);
    const home = within(menu).getByTestId('menu-home');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(home.getAttribute('data-intro')).toBe('Balances, cards and this month at a glance');
    expect(home.querySelector('svg')).not.toBeNull();
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it('first-time users see the intro tags written out and get guide stored', async () => {
    await shellOn('/home', 1280, shellApi({ firstVisit: true }));
    await waitFor(() => expect(getItem('guide')).toBe(true));
    expect(
      await within(screen.getByTestId('side-menu')).findByText('Balances, cards and this month at a glance'),
    ).toBeTruthy();
  });

  it('the header shows the notices on /home and the page title elsewhere', async () => {
    const { router } = await shellOn('/home');
    expect(await screen.findByTestId('notice-carousel')).toBeTruthy();
    expect(screen.queryByTestId('header-title')).toBeNull();
    await act(() => router.navigate({ to: '/noPermission' }));
    expect((await screen.findByTestId('header-title')).textContent).toBe('No permission');
    expect(screen.queryByTestId('notice-carousel')).toBeNull();
  });

  it('the avatar is the first character of the nickname; the dropdown has plan, wallet and logout', async () => {
    await shellOn('/home');
    expect(screen.getByTestId('avatar').textContent).toBe('A');
    fireEvent.click(screen.getByTestId('user-menu'));
    const panel = screen.getByTestId('user-menu-panel');
    expect(panel.hidden).toBe(false);
    expect(await within(panel).findByText('Plan: Standard')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByTestId('user-balance-CNY').textContent).toBe('¥1,234.56'));
    // Recharge leads to FinanceRechargeIndex, personal account to /account.
    expect(within(panel).getByTestId('user-recharge').getAttribute('href')).toBe('/FinanceRechargeIndex');
    expect(within(panel).getByTestId('user-account').getAttribute('href')).toBe('/account');
    expect(within(panel).getByTestId('user-logout')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
  });

  it('the avatar falls back to the mobile without a nickname', async () => {
    const api = shellApi({
      override: (path) =>
        path === '/api/user/info'
          ? { code: 200, data: { ...TEST_USER, nickname: null, mobile: '13800000000' } }
          : undefined,
    });
    await shellOn('/home', 1280, api);
    await waitFor(() => expect(screen.getByTestId('avatar').textContent).toBe('1'));
  });

  it('contact service opens the two QR codes with save links', async () => {
    await shellOn('/home');
    fireEvent.click(screen.getByTestId('service-button'));
    const dialog = await screen.findByTestId('service-dialog', {}, WAIT);
    const images = within(dialog).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/service-qr/wechat.png',
      '/service-qr/telegram.png',
    ]);
    const save = within(dialog).getByTestId('service-save-wechat');
    expect(save.getAttribute('download')).toBe('card-portal-wechat.png');
    expect(save.getAttribute('href')).toBe('/service-qr/wechat.png');
  });

  it('the footer shows version 1.0.0 and the current year', async () => {
    await shellOn('/home');
    expect(pkg.version).toBe('1.0.0');
    expect(screen.getByTestId('footer').textContent).toBe(
      `Version 1.0.0 · © ${new Date().getFullYear()} Card Portal`,
    );
  });

  it('the language toggle switches to Chinese and stores lang', async () => {
    await shellOn('/home');
    fireEvent.click(screen.getByTestId('language-toggle'));
    await waitFor(() => expect(getItem('lang')).toBe('cn'));
    expect(await within(screen.getByTestId('side-menu')).findByText('概览')).toBeTruthy();
    expect(within(screen.getByTestId('side-menu')).getByText('退出登录')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('phone', () => {
  it('shows a bottom tab bar and a drawer holding the same menu', async () => {
    await shellOn('/home', 390);
    expect(screen.queryByTestId('side-menu')).toBeNull();
    const tabs = screen.getByTestId('tab-bar');
    expect(within(tabs).getByTestId('tab-home').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(tabs).getByTestId('tab-menu'));
    expect(within(tabs).getByTestId('tab-menu').getAttribute('aria-expanded')).toBe('true');
    const drawer = await screen.findByTestId('drawer', {}, WAIT);
    expect(within(drawer).getByTestId('menu-home')).toBeTruthy();
    expect(within(drawer).getByTestId('menu-logout')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('menu-home'));
    // Choosing a page closes the drawer (its slide-out animation is not this test's business).
    expect(within(tabs).getByTestId('tab-menu').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('logout (spec §4)', () => {
  it('server logout, a 1 s message, storage cleared but username and autoLogin kept, offline data cleared, back to /', async () => {
    const toastSuccess = vi.spyOn(notify, 'toastSuccess');
    const { requests, router } = await shellOn('/home');
    fireEvent.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/logout')).toBe(true));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Logged out', 1000));
    expect(getItem('access_token')).toBe('access-token-1'); // still signed in while the message shows
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(Object.keys(localStorage).sort()).toEqual(['autoLogin', 'lang', 'username']);
    expect(clearOfflineData).toHaveBeenCalled();
    expect(requests.filter((r) => !r.headers.get('authorization')).map((r) => r.path)).toEqual([]);
  });
});

describe('inactivity (spec §4)', () => {
  it('a session left idle for over 2 hours ends on load with the timeout message, even if the server is unreachable', async () => {
    const api = shellApi({ override: (path) => (path === '/api/user/logout' ? { code: 500 } : undefined) });
    setWidth(1280);
    storeSession();
    setItem('lastActivity', Date.now() - IDLE_LIMIT_MS - 1000);
    const { requests } = stubApi(api);
    const { router } = renderApp('/home');
    expect(await screen.findByText('Login has timed out, please login again', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ redirect: '/home' });
    expect(getItem('access_token')).toBeNull();
    expect(getItem('lastActivity')).toBeNull();
    expect(clearOfflineData).toHaveBeenCalled();
    // The server was asked to end the session too, with the token it had.
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/user/logout')?.headers.get('authorization')).toBe(
        'Bearer access-token-1',
      ),
    );
  });

  it('an open page whose session went idle (a tab woken after hours) signs out', async () => {
    const { router, requests } = await shellOn('/home');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/wallet')).toBe(true));
    // As if 2 hours passed without activity while the tab slept.
    setItem('lastActivity', Date.now() - IDLE_LIMIT_MS - 1000);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText('Login has timed out, please login again', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getItem('access_token')).toBeNull();
    expect(requests.filter((r) => !r.headers.get('authorization') && r.path !== '/api/user/logout')).toEqual(
      [],
    );
  });

  it('a fresh session writes the activity stamp', async () => {
    await shellOn('/home');
    expect(getItem('lastActivity')).toBeGreaterThan(Date.now() - 10_000);
  });
});
