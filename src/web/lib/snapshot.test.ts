// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '../../contract/account';
import { clearSnapshot, loadSnapshot, saveSnapshot, snapshotKey } from './snapshot';

/** jsdom has no IndexedDB: idb-keyval is replaced by a map with the same API. */
const db = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: vi.fn(async (key: string) => db.get(key)),
  set: vi.fn(async (key: string, value: unknown) => void db.set(key, structuredClone(value))),
  del: vi.fn(async (key: string) => void db.delete(key)),
  clear: vi.fn(async () => db.clear()),
}));

const OVERVIEW: Overview = {
  cards: { total: 3, active: 2, frozen: 1, deleted: 0 },
  monthSpend: { USD: 1250 },
  monthTopUp: { CNY: 50000 },
  daily: [{ date: '2026-11-20', spend: { USD: 1250 }, topUp: { CNY: 50000 } }],
};

beforeEach(() => db.clear());

describe('offline snapshot', () => {
  it('saves and loads the figures of one user with their time', async () => {
    await saveSnapshot('u1', {
      wallet: { CNY: 50000, USD: 1234 },
      overview: OVERVIEW,
      savedAt: 1_700_000_000_000,
    });
    expect(await loadSnapshot('u1')).toEqual({
      wallet: { CNY: 50000, USD: 1234 },
      overview: OVERVIEW,
      savedAt: 1_700_000_000_000,
    });
  });

  it('keeps users apart', async () => {
    await saveSnapshot('u1', { wallet: { CNY: 1 }, overview: OVERVIEW, savedAt: 1 });
    expect(await loadSnapshot('u2')).toBeNull();
    expect(snapshotKey('u1')).not.toBe(snapshotKey('u2'));
  });

  it('clears one user', async () => {
    await saveSnapshot('u1', { wallet: { CNY: 1 }, overview: OVERVIEW, savedAt: 1 });
    await clearSnapshot('u1');
    expect(await loadSnapshot('u1')).toBeNull();
  });

  it('ignores a snapshot of another format version', async () => {
    db.set(snapshotKey('u1'), { v: 0, wallet: {}, overview: OVERVIEW, savedAt: 1 });
    expect(await loadSnapshot('u1')).toBeNull();
  });

  it('stores nothing but the balances, the overview and the time', async () => {
    await saveSnapshot('u1', { wallet: { USD: 5 }, overview: OVERVIEW, savedAt: 2 });
    expect(Object.keys(db.get(snapshotKey('u1')) as object).sort()).toEqual([
      'overview',
      'savedAt',
      'v',
      'wallet',
    ]);
  });

  it('never throws when IndexedDB is unavailable', async () => {
    const idb = await import('idb-keyval');
    vi.mocked(idb.set).mockRejectedValueOnce(new Error('private mode'));
    vi.mocked(idb.get).mockRejectedValueOnce(new Error('private mode'));
    await expect(saveSnapshot('u1', { wallet: {}, overview: OVERVIEW, savedAt: 1 })).resolves.toBeUndefined();
    await expect(loadSnapshot('u1')).resolves.toBeNull();
  });
});
