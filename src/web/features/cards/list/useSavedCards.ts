/**
 * The card list's side of the offline snapshot: saves the first page of the default view each time
 * it loads from the server, and reads back this user's saved list for when the network is gone.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { CardView } from '@contract/cards';
import { NO_RESPONSE_CODE } from '../../../lib/catalogue';
import { ApiError } from '../../../lib/http';
import { appStore, userInfoAtom } from '../../../lib/session';
import type { Snapshot } from '../../../lib/snapshot';
import { cardListSnapshot, savedCardOf, type SavedCardList } from './card-snapshot';

interface LoadedList {
  /** The first page as the server answered it (card/page), if loaded. */
  firstPage: { data: readonly CardView[]; total: number } | undefined;
  /** When the server's answer was received (TanStack Query's dataUpdatedAt); 0 before. */
  loadedAt: number;
}

/**
 * `keeps`: the list shows the default view of the user's own cards, the one worth keeping (a
 * filtered view or the team's cards are not). Answers this user's saved list, or null.
 */
export function useSavedCards({ firstPage, loadedAt }: LoadedList, keeps: boolean) {
  const userId = useAtomValue(userInfoAtom, { store: appStore })?.userId ?? null;
  const [stored, setStored] = useState<Snapshot<SavedCardList> | null>(null);

  useEffect(() => {
    if (!userId || !keeps) return;
    let current = true;
    void cardListSnapshot.load(userId).then((found) => {
      if (current) setStored(found);
    });
    return () => {
      current = false;
    };
  }, [userId, keeps]);

  // What this visit loaded from the server, in the kept shape.
  const loaded = useMemo<Snapshot<SavedCardList> | null>(
    () =>
      keeps && firstPage && loadedAt
        ? { data: { cards: firstPage.data.map(savedCardOf), total: firstPage.total }, savedAt: loadedAt }
        : null,
    [keeps, firstPage, loadedAt],
  );

  useEffect(() => {
    if (userId && loaded) void cardListSnapshot.save(userId, loaded);
  }, [userId, loaded]);

  if (!keeps) return null;
  // The newer of the two: a list loaded on this visit is newer than the one kept before it.
  return loaded && (!stored || loaded.savedAt >= stored.savedAt) ? loaded : stored;
}

/** The list request found no server at all (no network, or the server unreachable). */
export function failedForNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.code === NO_RESPONSE_CODE;
}
