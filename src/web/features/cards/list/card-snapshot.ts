/**
 * The card list's offline snapshot: the first page of the default view (own cards, no filter) as
 * a list shows it without secrets — serial, last four digits, label, network, segment, balance,
 * currency, status and opening time. Never the holder, the BIN, the full number, the CVV or the
 * expiry (the details sheet fetches those and keeps them in its own state only).
 */
import type { CardView } from '@contract/cards';
import { snapshotStore } from '../../../lib/snapshot';

export type SavedCard = Pick<
  CardView,
  | 'id'
  | 'serial'
  | 'last4'
  | 'label'
  | 'network'
  | 'segmentName'
  | 'balance'
  | 'currency'
  | 'status'
  | 'frozenBy'
  | 'createdAt'
>;

export interface SavedCardList {
  cards: SavedCard[];
  /** All cards of the account when the page loaded; the snapshot holds the newest of them. */
  total: number;
}

/** Field by field: a field added to CardView later is not kept unless it is added here. */
export function savedCardOf(card: SavedCard): SavedCard {
  return {
    id: card.id,
    serial: card.serial,
    last4: card.last4,
    label: card.label,
    network: card.network,
    segmentName: card.segmentName,
    balance: card.balance,
    currency: card.currency,
    status: card.status,
    frozenBy: card.frozenBy,
    createdAt: card.createdAt,
  };
}

export const cardListSnapshot = snapshotStore<SavedCardList>('cards', 1, ({ cards, total }) => ({
  cards: cards.map(savedCardOf),
  total,
}));
