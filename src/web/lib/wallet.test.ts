// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as headerLoadModule from './header-load';
import { headerLoad, HeaderLoadError } from './header-load';
import { appStore, endSession } from './session';
import { refreshWallet, walletAtom, walletStatusAtom } from './wallet';

type HeaderLoadModule = typeof headerLoadModule;

// The HTTP side (envelope, silence, 200-with-data rule) is header-load's and http.ts's own tests'.
vi.mock('./header-load', async (original) => ({
  ...(await original<HeaderLoadModule>()),
  headerLoad: vi.fn(),
}));
vi.mock('./offline', () => ({
  isOnline: () => true,
  useOnline: () => true,
  clearOfflineData: async () => undefined,
}));

type Answer = Record<string, number> | Error;

/** Answers each wallet load in turn; returns the number of loads made. */
function answers(...queue: Answer[]) {
  const load = vi.mocked(headerLoad);
  load.mockReset();
  load.mockImplementation(async () => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next as never;
  });
  return () => load.mock.calls.length;
}

afterEach(async () => {
  await endSession();
});

describe('walletAtom and refreshWallet', () => {
  it('loads the balances into the atom, with the time', async () => {
    answers({ CNY: 50000, USD: 1234 });
    const before = Date.now();
    await expect(refreshWallet()).resolves.toEqual({ CNY: 50000, USD: 1234 });
    expect(appStore.get(walletAtom)).toEqual({ CNY: 50000, USD: 1234 });
    const status = appStore.get(walletStatusAtom);
    expect(status.loading).toBe(false);
    expect(status.failed).toBe(false);
    expect(status.updatedAt).toBeGreaterThanOrEqual(before);
  });

  it('shares one request between callers that ask at the same time (after a money action)', async () => {
    const loads = answers({ CNY: 1, USD: 2 }, { CNY: 9, USD: 2 });
    await Promise.all([refreshWallet(), refreshWallet(), refreshWallet()]);
    expect(loads()).toBe(1);
    await refreshWallet(); // A later refresh asks again.
    expect(loads()).toBe(2);
    expect(appStore.get(walletAtom)).toEqual({ CNY: 9, USD: 2 });
  });

  it('keeps the balances shown when a load fails (spec §7 header loads)', async () => {
    answers({ CNY: 700, USD: 0 }, new HeaderLoadError('/api/user/wallet'));
    await refreshWallet();
    await expect(refreshWallet()).resolves.toEqual({ CNY: 700, USD: 0 });
    expect(appStore.get(walletAtom)).toEqual({ CNY: 700, USD: 0 });
    expect(appStore.get(walletStatusAtom).failed).toBe(true);
  });

  it('is emptied when the session ends, even by a load still under way', async () => {
    let answer: () => void = () => undefined;
    vi.mocked(headerLoad).mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve({ CNY: 5 } as never))),
    );
    const pending = refreshWallet();
    await vi.waitFor(() => expect(appStore.get(walletStatusAtom).loading).toBe(true));
    await endSession();
    answer();
    await pending;
    expect(appStore.get(walletAtom)).toBeNull();
    expect(appStore.get(walletStatusAtom)).toEqual({ loading: false, failed: false, updatedAt: null });
  });
});
