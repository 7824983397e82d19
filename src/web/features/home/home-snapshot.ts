/**
 * The home page's offline snapshot: the wallet balances and the account overview (aggregate
 * figures), nothing else. Version 2 moved them into the shared snapshot store's `data`; version 1
 * records are ignored.
 */
import type { Overview } from '../../../contract/account';
import { snapshotStore } from '../../lib/snapshot';
import type { Balances } from '../../lib/wallet';

export interface HomeFigures {
  wallet: Balances;
  overview: Overview;
}

export const homeSnapshot = snapshotStore<HomeFigures>('home', 2, ({ wallet, overview }) => ({
  wallet: { ...wallet },
  overview: {
    cards: { ...overview.cards },
    monthSpend: { ...overview.monthSpend },
    monthTopUp: { ...overview.monthTopUp },
    daily: overview.daily.map(({ date, spend, topUp }) => ({
      date,
      spend: { ...spend },
      topUp: { ...topUp },
    })),
  },
}));
