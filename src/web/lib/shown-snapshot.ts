/**
 * Whether the open page shows saved (offline) data, and from when. The page says so — the offline
 * banner does not guess — so the banner's words are true of the page under it: "this page shows
 * data saved 12 min ago" or "this page needs the network".
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/** `savedAt` (epoch ms) of the saved data the open page shows; null when it shows none. */
export const shownSnapshotAtom = atom<number | null>(null);

/**
 * Called by a page with the time its shown data was saved, or null while it shows live data or
 * nothing. Leaving the page withdraws the claim.
 */
export function useShowsSnapshot(savedAt: number | null): void {
  const setShown = useSetAtom(shownSnapshotAtom);
  useEffect(() => {
    setShown(savedAt);
    return () => setShown(null);
  }, [savedAt, setShown]);
}

export function useShownSnapshot(): number | null {
  return useAtomValue(shownSnapshotAtom);
}
