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

/**
 * Both payloads as loaded — amounts by currency and counts, nothing about any single card; the
 * store's own check refuses any field named like a card secret or a token, should one appear.
 */
export const homeSnapshot = snapshotStore<HomeFigures>('home', 2, ({ wallet, overview }) => ({
  wallet,
  overview,
}));
