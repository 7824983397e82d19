// @vitest-environment jsdom
import { set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { secretFieldIn, snapshotKey, snapshotStore } from './snapshot';
import { idbMemory as db } from '../testing/idb';

vi.mock('idb-keyval', () => import('../testing/idb'));

interface Figures {
  total: number;
  label: string;
}

/** A kind that keeps two fields of whatever it is given. */
const store = snapshotStore<Figures>('cards', 3, ({ total, label }) => ({ total, label }));

beforeEach(() => {
  db.clear();
  vi.mocked(set).mockClear();
});

describe('snapshot store', () => {
  it('saves and loads the data of one user with its time, under one key per kind and user', async () => {
    await store.save('u1', { data: { total: 3, label: 'Ads' }, savedAt: 1_700_000_000_000 });
    expect(await store.load('u1')).toEqual({ data: { total: 3, label: 'Ads' }, savedAt: 1_700_000_000_000 });
    expect(store.key('u1')).toBe('cards-snapshot:u1');
    expect(db.get('cards-snapshot:u1')).toEqual({
      v: 3,
      savedAt: 1_700_000_000_000,
      data: { total: 3, label: 'Ads' },
    });
  });

  it('keeps users and kinds apart', async () => {
    await store.save('u1', { data: { total: 1, label: 'a' }, savedAt: 1 });
    expect(await store.load('u2')).toBeNull();
    expect(snapshotKey('cards', 'u1')).not.toBe(snapshotKey('cards', 'u2'));
    expect(snapshotKey('home', 'u1')).not.toBe(snapshotKey('cards', 'u1'));
    const home = snapshotStore<Figures>('home', 3, (data) => data);
    expect(await home.load('u1')).toBeNull();
  });

  it('clears one user', async () => {
    await store.save('u1', { data: { total: 1, label: 'a' }, savedAt: 1 });
    await store.save('u2', { data: { total: 2, label: 'b' }, savedAt: 1 });
    await store.clear('u1');
    expect(await store.load('u1')).toBeNull();
    expect(await store.load('u2')).not.toBeNull();
  });

  it('ignores a record of another version, and one without data or time', async () => {
    db.set('cards-snapshot:u1', { v: 2, savedAt: 1, data: { total: 1, label: 'a' } });
    expect(await store.load('u1')).toBeNull();
    // The home page's first format: figures at the top level, no `data`.
    db.set('cards-snapshot:u1', { v: 3, savedAt: 1, wallet: {} });
    expect(await store.load('u1')).toBeNull();
    db.set('cards-snapshot:u1', { v: 3, data: { total: 1, label: 'a' } });
    expect(await store.load('u1')).toBeNull();
  });

  it('writes only what the kind keeps', async () => {
    const given = { total: 1, label: 'a', holderName: 'Ada Lovelace' } as Figures;
    await store.save('u1', { data: given, savedAt: 5 });
    expect(vi.mocked(set).mock.calls).toEqual([
      ['cards-snapshot:u1', { v: 3, savedAt: 5, data: { total: 1, label: 'a' } }],
    ]);
  });

  it('writes nothing at all when a kind would keep a card secret or a token', async () => {
    const leaky = snapshotStore<Record<string, unknown>>('cards', 1, (data) => data);
    for (const secret of [
      { cards: [{ last4: '1111', pan: '4111111111111111' }] },
      { cards: [{ last4: '1111', card_number: '4111111111111111' }] },
      { cvv: '123' },
      { nested: { deeper: { CVV2: '123' } } },
      { expiryMonth: 3, expiryYear: 2029 },
      { accessToken: 'abc' },
    ]) {
      await leaky.save('u1', { data: secret, savedAt: 1 });
    }
    expect(set).not.toHaveBeenCalled();
    expect(db.size).toBe(0);
  });

  it('finds secret fields at any depth, whatever their spelling', () => {
    expect(secretFieldIn({ a: [{ b: { cardNo: 'x' } }] })).toBe('cardNo');
    expect(secretFieldIn({ refresh_token: 'x' })).toBe('refresh_token');
    expect(secretFieldIn({ last4: '1234', serial: 'C1', balance: 5 })).toBeNull();
  });

  it('never throws when IndexedDB is unavailable', async () => {
    vi.mocked(set).mockRejectedValueOnce(new Error('private mode'));
    const idb = await import('idb-keyval');
    vi.mocked(idb.get).mockRejectedValueOnce(new Error('private mode'));
    await expect(store.save('u1', { data: { total: 1, label: 'a' }, savedAt: 1 })).resolves.toBeUndefined();
    await expect(store.load('u1')).resolves.toBeNull();
  });
});
