/**
 * The figures of the home page and where they come from. Live: the wallet atom (lib/wallet.ts) and
 * the overview query. After both have loaded they are saved as this user's offline snapshot. When
 * the live figures are missing — offline, or a load failed — the snapshot stands in, marked with
 * the time it was saved.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { overviewCall, type Overview } from '../../../contract/account';
import { headerLoad } from '../../lib/header-load';
import { useOnline } from '../../lib/offline';
import { appStore, hasAccessToken, tokensAtom, userInfoAtom } from '../../lib/session';
import type { Snapshot } from '../../lib/snapshot';
import { refreshWallet, useWallet, type Balances } from '../../lib/wallet';
import { homeSnapshot, type HomeFigures } from './home-snapshot';

export const overviewQueryKey = ['account', 'overview'] as const;

/** The overview's load, shared by the page and the route's loader (routes/home-load.ts). */
export const overviewQuery = {
  queryKey: overviewQueryKey,
  // A header load (silent; the page shows its own "could not load" line with a retry), whose
  // answer must match the contract: one missing a field is a failed load, not a broken page.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    headerLoad(overviewCall, {}, signal, (data) => overviewCall.response.safeParse(data).success),
};

export type Source = 'live' | 'snapshot' | 'none';

export interface HomeData {
  wallet: Balances | null;
  overview: Overview | null;
  /** Where the shown figures come from. */
  source: Source;
  /**
   * When the shown figures were loaded, if they may be out of date (offline or the last load
   * failed); null while they are live and current.
   */
  asOf: number | null;
  online: boolean;
  walletLoading: boolean;
  walletFailed: boolean;
  overviewLoading: boolean;
  overviewFailed: boolean;
  refresh: () => Promise<void>;
}

export function useHomeData(): HomeData {
  const online = useOnline();
  // Re-render when the session ends; storage says whether there still is one (session.ts).
  useAtomValue(tokensAtom, { store: appStore });
  const signedIn = hasAccessToken();
  const userId = useAtomValue(userInfoAtom, { store: appStore })?.userId ?? null;
  const wallet = useWallet();
  const overview = useQuery({
    ...overviewQuery,
    // Offline the snapshot stands in; the query runs as soon as the connection is back. Once the
    // session has ended (the cache is cleared then) it must not run again without a token.
    enabled: online && signedIn,
  });
  const [snapshot, setSnapshot] = useState<Snapshot<HomeFigures> | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    void homeSnapshot.load(userId).then((saved) => {
      if (current) setSnapshot(saved);
    });
    return () => {
      current = false;
    };
  }, [userId]);

  const liveWallet = wallet.balances;
  const liveOverview = overview.data ?? null;
  const walletAt = wallet.updatedAt;
  const overviewAt = overview.dataUpdatedAt || null;

  useEffect(() => {
    if (!userId || !liveWallet || !liveOverview || !walletAt || !overviewAt) return;
    // The older of the two loads dates the pair.
    void homeSnapshot.save(userId, {
      data: { wallet: liveWallet, overview: liveOverview },
      savedAt: Math.min(walletAt, overviewAt),
    });
  }, [userId, liveWallet, liveOverview, walletAt, overviewAt]);

  const fromSnapshot = snapshot !== null && (!liveWallet || !liveOverview);
  const source: Source = fromSnapshot ? 'snapshot' : liveWallet || liveOverview ? 'live' : 'none';
  const outdated = !online || wallet.failed || overview.isError;
  const liveAt = walletAt && overviewAt ? Math.min(walletAt, overviewAt) : (walletAt ?? overviewAt);

  return {
    wallet: fromSnapshot ? snapshot.data.wallet : liveWallet,
    overview: fromSnapshot ? snapshot.data.overview : liveOverview,
    source,
    asOf: fromSnapshot ? snapshot.savedAt : outdated ? liveAt : null,
    online,
    walletLoading: wallet.loading || (!liveWallet && online && !wallet.failed),
    walletFailed: wallet.failed,
    overviewLoading: overview.isLoading,
    overviewFailed: overview.isError,
    refresh: async () => {
      await Promise.all([refreshWallet(), overview.refetch()]);
    },
  };
}
