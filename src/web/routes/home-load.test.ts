// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '../../contract/account';
import type { EndpointDef } from '../../contract/core';
import { subAccessGrant } from '../../contract/permissions';
import { overviewQueryKey } from '../features/home/useHomeData';
import { RiskNoticeCard } from '../features/home/components/RiskNotice';
import { call } from '../lib/http';
import { queryClient } from '../lib/queryClient';
import { appStore } from '../lib/session';
import { walletStatusAtom } from '../lib/wallet';
import { signOut, storeSession, TEST_USER } from '../testing/fixtures';
import { FIRST_ANSWERS_WAIT_MS, loadHome } from './home-load';

vi.mock('../lib/http', () => ({ call: vi.fn() }));

const OVERVIEW: Overview = {
  cards: { total: 3, active: 2, frozen: 1, deleted: 0 },
  monthSpend: { CNY: 0, USD: 0 },
  monthTopUp: { CNY: 0, USD: 0 },
  daily: [],
};

const ANSWERS: Record<string, unknown> = {
  '/api/user/wallet': { CNY: 100, USD: 0 },
  '/api/user/overview': OVERVIEW,
  '/api/notice/userNotice': { banner: null, firstVisit: false },
  '/api/identity/getStatus': { level: 'verified', order: null },
  '/api/card/riskNotice': null,
  '/api/card/declineRate': { scope: 'account', rateBp: 0 },
};

/** Answers every call from ANSWERS, each when the test says so. */
function answerLater() {
  const pending = new Map<string, () => void>();
  vi.mocked(call).mockImplementation(
    (endpoint: EndpointDef) =>
      new Promise((resolve, reject) => {
        if (!(endpoint.path in ANSWERS)) reject(new Error(`unexpected ${endpoint.path}`));
        pending.set(endpoint.path, () => resolve(ANSWERS[endpoint.path] as never));
      }),
  );
  return pending;
}

function askedPaths(): string[] {
  return vi
    .mocked(call)
    .mock.calls.map(([endpoint]) => endpoint.path)
    .sort();
}

/** Lets the promise chains of the answers given run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  vi.mocked(call).mockReset();
  storeSession();
});

afterEach(async () => {
  vi.useRealTimers();
  setOnline(true);
  queryClient.clear();
  await signOut();
});

describe('the /home loader', () => {
  it('asks for every first answer of the page at once and resolves only when all are in', async () => {
    const pending = answerLater();
    let done = false;
    const loading = loadHome().then(() => (done = true));
    // The banner's query comes with the shell's module, imported on the way.
    await vi.waitFor(() => expect(askedPaths()).toEqual(Object.keys(ANSWERS).sort()));

    // All but the last answer: the page is still held back.
    const paths = [...pending.keys()];
    for (const path of paths.slice(0, -1)) pending.get(path)!();
    await settle();
    expect(done).toBe(false);

    pending.get(paths.at(-1)!)!();
    await loading;
    // The page's own queries find their answers in the cache: nothing is asked twice.
    expect(queryClient.getQueryData(overviewQueryKey)).toEqual(OVERVIEW);
  });

  it('lets the page show after FIRST_ANSWERS_WAIT_MS when an answer does not come', async () => {
    answerLater();
    vi.useFakeTimers();
    let done = false;
    void loadHome().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_ANSWERS_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('never fails: a refused answer leaves its query in error for the page to show', async () => {
    vi.mocked(call).mockImplementation(async (endpoint: EndpointDef) => {
      if (endpoint.path === '/api/user/overview') throw new Error('server error');
      return ANSWERS[endpoint.path] as never;
    });
    await expect(loadHome()).resolves.toBeUndefined();
    expect(queryClient.getQueryState(overviewQueryKey)?.status).toBe('error');
  });

  it('offline, asks nothing and lets the saved figures show at once', async () => {
    setOnline(false);
    answerLater();
    await loadHome();
    expect(call).not.toHaveBeenCalled();
  });

  it('does not ask again for balances loaded a moment ago', async () => {
    appStore.set(walletStatusAtom, { loading: false, failed: false, updatedAt: Date.now() });
    vi.mocked(call).mockImplementation(async (endpoint: EndpointDef) => ANSWERS[endpoint.path] as never);
    await loadHome();
    expect(askedPaths()).not.toContain('/api/user/wallet');
    expect(askedPaths()).toContain('/api/user/overview');
  });

  it('asks a member without the card list for no decline rate (the meter is not shown)', async () => {
    const grant = subAccessGrant(['finance:wallet']);
    storeSession({ ...TEST_USER, ...grant }, { subAccount: false });
    vi.mocked(call).mockImplementation(async (endpoint: EndpointDef) => ANSWERS[endpoint.path] as never);
    await loadHome();
    expect(askedPaths()).not.toContain('/api/card/declineRate');
    expect(askedPaths()).toContain('/api/user/overview');
  });

  it('loads the risk notice card with the notice, and only when there is one', async () => {
    const preload = vi.spyOn(RiskNoticeCard, 'preload').mockResolvedValue(undefined);
    vi.mocked(call).mockImplementation(async (endpoint: EndpointDef) => ANSWERS[endpoint.path] as never);
    await loadHome();
    expect(preload).not.toHaveBeenCalled();

    queryClient.clear();
    const notice = { id: 'r1', declineRateBp: 600, authorizations: 40, declines: 24, cardsFrozen: 3 };
    vi.mocked(call).mockImplementation(
      async (endpoint: EndpointDef) =>
        (endpoint.path === '/api/card/riskNotice' ? notice : ANSWERS[endpoint.path]) as never,
    );
    await loadHome();
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
