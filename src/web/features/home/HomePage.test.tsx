// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview, UserInfo } from '../../../contract/account';
import type { EndpointDef } from '../../../contract/core';
import { mainAccessGrant } from '../../../contract/permissions';
import { call } from '../../lib/http';
import { toastError } from '../../lib/notify';
import { installDismissedAtom, installPromptAtom, type BeforeInstallPromptEvent } from '../../lib/pwa';
import { appStore, endSession, saveTokens, saveUserInfo } from '../../lib/session';
import { snapshotKey } from '../../lib/snapshot';
import { homeSnapshot } from './home-snapshot';
import type { RouteName } from '../../lib/route-meta';
import { HomePage } from './HomePage';
import { idbMemory as db } from '../../testing/idb';

vi.mock('idb-keyval', () => import('../../testing/idb'));
vi.mock('../../lib/http', () => ({ call: vi.fn() }));
vi.mock('../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const USER: UserInfo = {
  userId: 'u1',
  email: 'ada@example.com',
  nickname: 'Ada',
  mobile: null,
  accountType: 'business',
  inviteCode: '123456',
  googleBound: false,
  createdAt: '2025-01-01T00:00:00+00:00',
  statusList: { subSwitch: 1 },
  // The rights the server sends with a main account's info.
  ...mainAccessGrant(1),
};

const quietMonth = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10),
  spend: { CNY: 0, USD: 0 },
  topUp: { CNY: 0, USD: 0 },
}));

const EMPTY_OVERVIEW: Overview = {
  cards: { total: 0, active: 0, frozen: 0, deleted: 0 },
  monthSpend: { CNY: 0, USD: 0 },
  monthTopUp: { CNY: 0, USD: 0 },
  daily: quietMonth,
};

function answer(wallet: Record<string, number>, overview: Overview = EMPTY_OVERVIEW) {
  vi.mocked(call).mockImplementation(async (endpoint: EndpointDef) => {
    if (endpoint.path === '/api/user/wallet') return wallet as never;
    if (endpoint.path === '/api/user/overview') return overview as never;
    throw new Error(`unexpected ${endpoint.path}`);
  });
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

const ALL_ACTION_PAGES = new Set<RouteName>(['FinanceRecharge', 'cardOpen', 'cardList']);

function renderHome(builtRoutes: ReadonlySet<RouteName> = ALL_ACTION_PAGES) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HomePage builtRoutes={builtRoutes} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  db.clear();
  saveTokens({
    access_token: 'a'.repeat(43),
    access_overtime: 4_102_444_800_000,
    refresh_token: 'r'.repeat(43),
  });
  saveUserInfo(USER);
  vi.mocked(toastError).mockClear();
  vi.mocked(call).mockReset();
});

afterEach(async () => {
  setOnline(true);
  await endSession();
});

describe('HomePage online', () => {
  it('shows both balances with two decimals, the zero overview and the empty chart', async () => {
    answer({ CNY: 50000, USD: 1234 });
    renderHome();
    await waitFor(() => expect(screen.getByTestId('wallet-CNY').textContent).toBe('¥500.00'));
    expect(screen.getByTestId('wallet-USD').textContent).toBe('$12.34');
    expect(await screen.findByTestId('chart-empty')).toBeTruthy();
    expect(screen.getByTestId('cards-total').textContent).toBe('0');
    expect(screen.getByTestId('monthSpend-USD').textContent).toBe('$0.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(screen.queryByTestId('snapshot-time')).toBeNull();
  });

  it('treats an overview answer missing its fields as a failed load, and keeps the page', async () => {
    answer({ CNY: 0, USD: 0 }, {} as Overview);
    renderHome();
    expect(await screen.findByText('Could not load the overview.')).toBeTruthy();
    expect(screen.getByTestId('cards-total').textContent).toBe('—');
    expect(screen.getByTestId('wallet-CNY').textContent).toBe('¥0.00');
  });

  it('saves the figures as the offline snapshot of this user', async () => {
    answer({ CNY: 0, USD: 0 });
    renderHome();
    await waitFor(() => expect(db.get(snapshotKey('home', 'u1'))).toBeTruthy());
    expect(db.get(snapshotKey('home', 'u1'))).toMatchObject({
      v: 2,
      data: { wallet: { CNY: 0, USD: 0 }, overview: EMPTY_OVERVIEW },
    });
  });

  it('offers the three quick actions as links', async () => {
    answer({ CNY: 0, USD: 0 });
    renderHome();
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('#/FinanceRecharge');
    expect(screen.getByRole('link', { name: 'Open a card' }).getAttribute('href')).toBe('#/cardOpen');
    expect(screen.getByRole('link', { name: 'My cards' }).getAttribute('href')).toBe('#/cardList');
    await screen.findByTestId('chart-empty');
  });

  it('leaves out quick actions whose pages are not built yet', async () => {
    answer({ CNY: 0, USD: 0 });
    renderHome(new Set<RouteName>(['cardList']));
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open a card' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My cards' })).toBeTruthy();
    await screen.findByTestId('chart-empty');
  });
});

describe('HomePage offline', () => {
  it('shows the saved snapshot with its time, and says actions need the network', async () => {
    const savedAt = Date.UTC(2026, 10, 20, 9, 30);
    await homeSnapshot.save('u1', {
      data: { wallet: { CNY: 88800, USD: 4200 }, overview: EMPTY_OVERVIEW },
      savedAt,
    });
    setOnline(false);
    vi.mocked(call).mockRejectedValue(new Error('offline'));
    renderHome();

    await waitFor(() => expect(screen.getByTestId('wallet-CNY').textContent).toBe('¥888.00'));
    expect(screen.getByTestId('wallet-USD').textContent).toBe('$42.00');
    // Saved days ago: the age is the date and time in the product's zone, which it names.
    expect(screen.getByTestId('snapshot-time').textContent).toBe(
      'Offline — figures saved on 2026-11-20 17:30 UTC+8',
    );
    expect(screen.getByTestId('snapshot-time').querySelector('button')?.title).toBe(
      'Saved at Nov 20, 2026, 17:30 UTC+8',
    );
    expect(screen.getByTestId('home-page').dataset.source).toBe('snapshot');

    fireEvent.click(screen.getByRole('link', { name: 'Open a card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balances' }));
    expect(toastError).toHaveBeenCalledWith('You are offline. This action needs the network.');
    expect(toastError).toHaveBeenCalledTimes(2);
    // Nothing was even attempted: the wallet is not loaded offline, the overview query waits.
    expect(call).not.toHaveBeenCalled();
  });

  it('says when no figures have been saved on this device', async () => {
    setOnline(false);
    renderHome();
    expect(await screen.findByTestId('snapshot-none')).toBeTruthy();
    expect(screen.getByTestId('wallet-CNY').textContent).toBe('—');
  });
});

describe('HomePage after the session ends', () => {
  it('asks nothing more of the server once signed out, although the cache was cleared', async () => {
    answer({ CNY: 0, USD: 0 });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <HomePage builtRoutes={ALL_ACTION_PAGES} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('chart-empty');
    const before = vi.mocked(call).mock.calls.length;
    await act(async () => {
      await endSession();
      client.clear(); // What queryClient.ts does when a session ends.
    });
    expect(vi.mocked(call).mock.calls.length).toBe(before);
  });
});

describe('HomePage install card', () => {
  it('appears while the browser offers installation, and "Not now" hides it for good', async () => {
    answer({ CNY: 0, USD: 0 });
    appStore.set(installDismissedAtom, false);
    appStore.set(installPromptAtom, new Event('beforeinstallprompt') as BeforeInstallPromptEvent);
    renderHome();
    expect(screen.getByRole('complementary', { name: 'Install Card Portal' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Not now' })));
    expect(screen.queryByTestId('install-card')).toBeNull();
    expect(localStorage.getItem('pwaInstallDismissed')).not.toBeNull();
    appStore.set(installPromptAtom, null);
    await screen.findByTestId('chart-empty');
  });

  it('leaves out quick actions whose pages are not built yet', async () => {
    answer({ CNY: 0, USD: 0 });
    renderHome(new Set<RouteName>(['cardList']));
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open a card' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My cards' })).toBeTruthy();
    await screen.findByTestId('chart-empty');
  });
});
