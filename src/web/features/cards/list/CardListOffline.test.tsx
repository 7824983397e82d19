// @vitest-environment jsdom
/**
 * The card list without the network: the first page of the default view is kept per user with
 * only what a list shows (never a number, CVV, expiry or holder, even if an answer carried them);
 * offline that saved list is shown read only with its age and the banner says so; with nothing
 * saved the page and the banner say it needs the network; a request that found no server while
 * online is the list's own error, with Retry, and the saved list under it.
 */
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '@contract/cards';
import { OfflineBanner } from '../../../components/ui/OfflineBanner';
import { toastError } from '../../../lib/notify';
import { saveUserInfo } from '../../../lib/session';
import { snapshotKey } from '../../../lib/snapshot';
import { setWidth } from '../../../testing/browser';
import { signIn, TEST_USER } from '../../../testing/fixtures';
import { renderWithClient, requestsTo, stubApi } from '../../../testing/utils';
import { useSavedCards } from './useSavedCards';
import { cardListSnapshot } from './card-snapshot';
import { CardList } from './CardListPage';
import { testCard } from '../../../testing/card-list';
import { idbMemory as db } from '../../../testing/idb';

vi.mock('idb-keyval', () => import('../../../testing/idb'));
vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const PAN = '4111111111117777';
const CVV = '987';
const KEY = snapshotKey('cards', TEST_USER.userId);

/** A server whose card answers also carry secrets it should never send: none may be kept. */
function serve(cards: CardView[]) {
  return stubApi((request) => {
    switch (request.path) {
      case '/api/card/page':
        return {
          code: 200,
          data: {
            data: cards.map((card) => ({ ...card, pan: PAN, cvv: CVV, expiryMonth: 3, expiryYear: 2029 })),
            total: cards.length + 150,
            pageNo: 1,
            pageSize: 100,
          },
        };
      case '/api/card/rangeList':
        return {
          code: 200,
          data: { segments: [], labels: [], statusCounts: { active: 0, frozen: 0, deleted: 0 } },
        };
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function renderList() {
  return renderWithClient(
    <>
      <OfflineBanner />
      <CardList />
    </>,
  );
}

const CARDS = [
  testCard(0, { last4: '7777', serial: '00077', label: 'Ads', balance: 12_345 }),
  testCard(1, { status: 'frozen', frozenBy: 'customer' }),
];

beforeEach(() => {
  db.clear();
  vi.mocked(set).mockClear();
  vi.mocked(toastError).mockClear();
  signIn();
  saveUserInfo(TEST_USER);
  setWidth(390);
});

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
  setWidth(1024);
});

describe('card list snapshot', () => {
  it('keeps the first page of the default view with only what a list shows', async () => {
    serve(CARDS);
    renderList();
    await screen.findAllByTestId('card-row');
    await waitFor(() => expect(db.get(KEY)).toBeTruthy());

    const written = vi.mocked(set).mock.calls.filter(([key]) => key === KEY);
    expect(written.length).toBeGreaterThan(0);
    for (const [, value] of written) {
      // The saved cards only: `savedAt` is the clock's milliseconds, whose digits can hold '987' or '2029'.
      const text = JSON.stringify((value as { data: unknown }).data);
      expect(text).not.toContain(PAN);
      expect(text).not.toContain(CVV);
      expect(text).not.toContain('2029');
      expect(text).not.toContain('Ada Lovelace');
      expect(text).not.toContain('411111');
    }
    const stored = db.get(KEY) as { v: number; savedAt: number; data: { cards: object[]; total: number } };
    expect(stored.v).toBe(1);
    expect(stored.data.total).toBe(152);
    expect(Object.keys(stored.data.cards[0]!).sort()).toEqual([
      'balance',
      'createdAt',
      'currency',
      'frozenBy',
      'id',
      'label',
      'last4',
      'network',
      'segmentName',
      'serial',
      'status',
    ]);
  });

  it('keeps nothing of a view that is not kept (a filter, the team list), nor shows a saved copy there', async () => {
    await cardListSnapshot.save(TEST_USER.userId, { data: { cards: CARDS, total: 2 }, savedAt: 1 });
    vi.mocked(set).mockClear();
    const { result } = renderHook(() =>
      useSavedCards({ firstPage: { data: CARDS, total: 2 }, loadedAt: Date.now() }, false),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toBeNull();
    expect(set).not.toHaveBeenCalled();
    expect((db.get(KEY) as { savedAt: number }).savedAt).toBe(1);
  });

  it('offline: shows the saved list read only with its age, and the banner says the page shows saved data', async () => {
    await cardListSnapshot.save(TEST_USER.userId, {
      data: { cards: CARDS, total: 152 },
      savedAt: Date.now() - 12 * 60_000,
    });
    const { requests } = serve(CARDS);
    setOnline(false);
    renderList();

    const saved = await screen.findByTestId('card-list-saved');
    const rows = within(saved).getAllByTestId('saved-card-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('card-last4').textContent).toBe('•••• 7777');
    expect(within(rows[0]!).getByTestId('card-balance').textContent).toBe('$123.45');
    expect(within(rows[1]!).getByTestId('card-status').textContent).toBe('Frozen');
    expect(saved.textContent).toContain('The newest 2 of 152 cards, as they last loaded.');
    const age = screen.getByTestId('card-list-saved-age');
    expect(age.textContent).toBe('Saved 12 min ago');
    expect(age.title).toMatch(/^Saved at .+ UTC\+8$/);
    // A tap shows the exact time in place of the age.
    fireEvent.click(age);
    expect(age.textContent).toBe(age.title);
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline. This page shows data saved 12 min ago; actions that need the network are unavailable.',
    );
    // Read only: no selection, refresh, filter or per-card action is offered; nothing was asked.
    expect(screen.queryByTestId('toggle-select')).toBeNull();
    expect(screen.queryByTestId('card-refresh')).toBeNull();
    expect(screen.queryByTestId('card-filter')).toBeNull();
    expect(within(saved).queryAllByRole('button')).toHaveLength(1);
    expect(requestsTo(requests, 'card/page')).toHaveLength(0);
    // The 3-D Secure codes need the network too.
    fireEvent.click(screen.getByTestId('open-3ds'));
    expect(toastError).toHaveBeenCalledWith('You are offline. This action needs the network.');
  });

  it('offline with nothing saved: the page and the banner say it needs the network', async () => {
    serve(CARDS);
    setOnline(false);
    renderList();
    expect((await screen.findByTestId('card-list-offline-none')).textContent).toContain(
      'It will load when you are back online.',
    );
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline. This page needs the network; it will load when you are back online.',
    );
  });

  it('back online, the live list returns and the banner says so', async () => {
    await cardListSnapshot.save(TEST_USER.userId, { data: { cards: CARDS, total: 2 }, savedAt: Date.now() });
    serve(CARDS);
    setOnline(false);
    renderList();
    await screen.findByTestId('card-list-saved');
    act(() => setOnline(true));
    expect(await screen.findAllByTestId('card-row')).toHaveLength(2);
    expect(screen.queryByTestId('card-list-saved')).toBeNull();
    expect(screen.getByTestId('online-banner').textContent).toBe('Back online');
  });

  it('online with no server answering: the list’s own error with Retry, the saved list under it, no offline banner', async () => {
    await cardListSnapshot.save(TEST_USER.userId, {
      data: { cards: CARDS, total: 2 },
      savedAt: Date.now() - 5 * 60_000,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderList();
    const failed = await screen.findByTestId('card-list-failed');
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByTestId('card-list-saved-age').textContent).toBe('Saved 5 min ago');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
