// @vitest-environment jsdom
/**
 * The user info polls only as the fallback (issue 18 §1): while the live stream is up, `account`
 * events refresh it and no timer reads it; while the stream is down it is read every minute, and
 * each copy lands in the session atoms.
 */
import { act } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLiveConnected } from '../../lib/live-events';
import { appStore, userInfoAtom } from '../../lib/session';
import { signIn, signOut, TEST_USER } from '../../testing/fixtures';
import { renderWithClient, requestsTo, stubApi } from '../../testing/utils';
import { USER_INFO_POLL_MS, useUserInfo } from './useUserInfo';

function Probe() {
  useUserInfo();
  return null;
}

let reads = 0;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  signIn();
  reads = 0;
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLiveConnected(false);
  await signOut();
});

function serve() {
  return stubApi(() => {
    reads += 1;
    return { code: 200, data: { ...TEST_USER, nickname: `Ada ${reads}` } };
  });
}

describe('useUserInfo', () => {
  it('reads no more on a timer while the stream is up, and every minute while it is down', async () => {
    const { requests } = serve();
    setLiveConnected(true);
    renderWithClient(
      <Provider store={appStore}>
        <Probe />
      </Provider>,
    );
    await vi.waitFor(() => expect(appStore.get(userInfoAtom)?.nickname).toBe('Ada 1'));
    await act(() => vi.advanceTimersByTimeAsync(3 * USER_INFO_POLL_MS));
    expect(requestsTo(requests, 'user/info')).toHaveLength(1);

    act(() => setLiveConnected(false));
    await act(() => vi.advanceTimersByTimeAsync(USER_INFO_POLL_MS + 100));
    await vi.waitFor(() => expect(appStore.get(userInfoAtom)?.nickname).toBe('Ada 2'));
    expect(requestsTo(requests, 'user/info')).toHaveLength(2);

    act(() => setLiveConnected(true));
    await act(() => vi.advanceTimersByTimeAsync(3 * USER_INFO_POLL_MS));
    expect(requestsTo(requests, 'user/info')).toHaveLength(2);
  });
});
