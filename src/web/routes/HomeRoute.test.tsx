// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../contract/account';
import { getItem, setItem } from '../lib/storage';
import { renderApp, stubApi } from '../test-utils';

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
};

function signedIn() {
  setItem('access_token', 'access-token-1');
  setItem('refresh_token', 'refresh-token-123456');
  setItem('access_overtime', 4_102_444_800_000);
  setItem('userInfo', USER);
  setItem('username', 'ada@example.com');
  setItem('autoLogin', true);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/home', () => {
  it('shows who is signed in and the CNY/USD wallet with two decimals', async () => {
    signedIn();
    stubApi((r) => ({ code: 200, data: r.path === '/api/user/wallet' ? { CNY: 50000, USD: 1234 } : USER }));
    renderApp('/home');
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();
    expect(await screen.findByText('¥500.00')).toBeTruthy();
    expect(screen.getByTestId('wallet-USD').textContent).toBe('$12.34');
  });

  it('signs out: server logout, a 1 s message, storage cleared, back to sign-in', async () => {
    signedIn();
    const { requests } = stubApi((r) => {
      if (r.path === '/api/user/logout') return { code: 200, data: null };
      return { code: 200, data: r.path === '/api/user/wallet' ? { CNY: 0, USD: 0 } : USER };
    });
    const { router } = renderApp('/home');
    fireEvent.click(await screen.findByTestId('sign-out'));

    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/logout')).toBe(true));
    const logout = requests.find((r) => r.path === '/api/user/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer access-token-1');
    // Still signed in while the success message shows.
    expect(getItem('access_token')).toBe('access-token-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(getItem('access_token')).toBeNull();
    expect(getItem('userInfo')).toBeNull();
    expect(getItem('username')).toBe('ada@example.com');
  });
});
