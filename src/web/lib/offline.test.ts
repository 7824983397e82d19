// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData, ensureOnline, isOnline } from './offline';
import { toastError } from './notify';
import { cardListSnapshot } from '../features/cards/list/card-snapshot';
import { homeSnapshot } from '../features/home/home-snapshot';

vi.mock('./notify', () => ({ toastError: vi.fn() }));

const db = vi.hoisted(() => new Map<string, unknown>([['home-snapshot:u1', { v: 1 }]]));
vi.mock('idb-keyval', () => ({
  get: vi.fn(async (key: string) => db.get(key)),
  set: vi.fn(async (key: string, value: unknown) => void db.set(key, structuredClone(value))),
  clear: vi.fn(async () => db.clear()),
}));

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('clearOfflineData', () => {
  it('empties IndexedDB and every api- cache, and leaves the app shell caches', async () => {
    const names = ['api-enum', 'workbox-precache-v2-http://x/', 'api-other'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    await clearOfflineData();
    expect(db.size).toBe(0);
    expect(deleted.sort()).toEqual(['api-enum', 'api-other']);
  });

  it('removes the saved card list and home figures of every user', async () => {
    vi.stubGlobal('caches', undefined);
    const card = {
      id: 'c1',
      serial: 'C0001',
      last4: '1111',
      label: null,
      network: 'visa' as const,
      segmentName: 'Visa 428837',
      balance: 1000,
      currency: 'USD' as const,
      status: 'active' as const,
      frozenBy: null,
      createdAt: '2026-11-26T06:00:00+00:00',
    };
    await cardListSnapshot.save('u1', { data: { cards: [card], total: 1 }, savedAt: 1 });
    await cardListSnapshot.save('u2', { data: { cards: [card], total: 1 }, savedAt: 1 });
    await homeSnapshot.save('u1', {
      data: {
        wallet: { CNY: 1 },
        overview: {
          cards: { total: 1, active: 1, frozen: 0, deleted: 0 },
          monthSpend: {},
          monthTopUp: {},
          daily: [],
        },
      },
      savedAt: 1,
    });
    expect(await cardListSnapshot.load('u1')).not.toBeNull();
    await clearOfflineData();
    expect(await cardListSnapshot.load('u1')).toBeNull();
    expect(await cardListSnapshot.load('u2')).toBeNull();
    expect(await homeSnapshot.load('u1')).toBeNull();
    expect(db.size).toBe(0);
  });

  it('resolves where Cache Storage does not exist or fails', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearOfflineData()).resolves.toBeUndefined();
    vi.stubGlobal('caches', { keys: () => Promise.reject(new Error('denied')) });
    await expect(clearOfflineData()).resolves.toBeUndefined();
  });
});

describe('ensureOnline', () => {
  it('lets actions run online', () => {
    expect(ensureOnline()).toBe(true);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says the network is needed when offline', () => {
    setOnline(false);
    expect(isOnline()).toBe(false);
    expect(ensureOnline()).toBe(false);
    expect(toastError).toHaveBeenCalledWith('You are offline. This action needs the network.');
  });
});
