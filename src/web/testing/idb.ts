/**
 * jsdom has no IndexedDB: tests replace idb-keyval with this map of the same API,
 * `vi.mock('idb-keyval', () => import('<path>/test-idb'))`, and read what was written in `idbMemory`.
 */
import { vi } from 'vitest';

export const idbMemory = new Map<string, unknown>();

export const get = vi.fn(async (key: string) => idbMemory.get(key));
export const set = vi.fn(
  async (key: string, value: unknown) => void idbMemory.set(key, structuredClone(value)),
);
export const del = vi.fn(async (key: string) => void idbMemory.delete(key));
export const clear = vi.fn(async () => idbMemory.clear());
