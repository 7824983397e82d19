// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData, ensureOnline, isOnline } from './offline';
import { toastError } from './notify';

vi.mock('./notify', () => ({ toastError: vi.fn() }));

const db = vi.hoisted(() => new Map<string, unknown>([['home-snapshot:u1', { v: 1 }]]));
vi.mock('idb-keyval', () => ({ clear: vi.fn(async () => db.clear()) }));

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
