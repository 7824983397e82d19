/**
 * The filters of the card list as the form holds them (balances typed in major units), the
 * request fields they become, and what stops a search. The list (card/page) and the export
 * (cardDown) both get `requestOf(applied)`, so a file holds exactly the cards the list shows.
 */
import type { CardStatus } from '@contract/cards';
import { parseAmount } from '../../../lib/amount-input';
import { isCalendarDate } from '../../../lib/product-time';

export interface CardFilterDraft {
  status: CardStatus | '';
  segmentId: string;
  label: string;
  /** Major units as typed, e.g. "10.50". */
  minBalance: string;
  maxBalance: string;
  startDate: string;
  endDate: string;
  last4: string;
  /** A card group's id, `none` (cards in no group) or '' (all). */
  groupId: string;
  tagId: string;
}

export const EMPTY_CARD_FILTER: CardFilterDraft = {
  status: '',
  segmentId: '',
  label: '',
  minBalance: '',
  maxBalance: '',
  startDate: '',
  endDate: '',
  last4: '',
  groupId: '',
  tagId: '',
};

export interface CardFilterRequest {
  status?: CardStatus;
  segmentId?: string;
  label?: string;
  /** Minor units. */
  minBalance?: number;
  maxBalance?: number;
  startDate?: string;
  endDate?: string;
  last4?: string;
  groupId?: string;
  tagId?: string;
}

/** Only the filters that are set (and readable), trimmed; an unset filter is not sent at all. */
export function requestOf(draft: CardFilterDraft): CardFilterRequest {
  const request: CardFilterRequest = {};
  if (draft.status) request.status = draft.status;
  if (draft.segmentId) request.segmentId = draft.segmentId;
  if (draft.label) request.label = draft.label;
  const min = parseAmount(draft.minBalance);
  const max = parseAmount(draft.maxBalance);
  if (min !== null) request.minBalance = min;
  if (max !== null) request.maxBalance = max;
  if (draft.startDate.trim()) request.startDate = draft.startDate.trim();
  if (draft.endDate.trim()) request.endDate = draft.endDate.trim();
  if (draft.last4.trim()) request.last4 = draft.last4.trim();
  if (draft.groupId) request.groupId = draft.groupId;
  if (draft.tagId) request.tagId = draft.tagId;
  return request;
}

export function activeFilterCount(draft: CardFilterDraft): number {
  return Object.keys(requestOf(draft)).length;
}

export type CardFilterField = 'minBalance' | 'maxBalance' | 'startDate' | 'endDate' | 'last4';

export interface CardFilterProblem {
  field: CardFilterField;
  /** A full translation key (namespace included). */
  key: string;
}

/**
 * What stops a search, checked before anything is sent: a balance that is not an amount or a
 * range whose minimum is above its maximum (spec §5 "Please enter the correct balance range"),
 * an unreadable day or a date range that ends before it starts, and a last-four that is not 1 to
 * 4 digits.
 */
export function filterProblem(draft: CardFilterDraft): CardFilterProblem | null {
  const balanceRange = 'common:validation.balanceRange';
  const min = draft.minBalance.trim();
  const max = draft.maxBalance.trim();
  if (min && parseAmount(min) === null) return { field: 'minBalance', key: balanceRange };
  if (max && parseAmount(max) === null) return { field: 'maxBalance', key: balanceRange };
  const minMinor = parseAmount(min);
  const maxMinor = parseAmount(max);
  if (minMinor !== null && maxMinor !== null && minMinor > maxMinor)
    return { field: 'minBalance', key: balanceRange };

  const start = draft.startDate.trim();
  const end = draft.endDate.trim();
  if (start && !isCalendarDate(start)) return { field: 'startDate', key: 'common:validation.date' };
  if (end && !isCalendarDate(end)) return { field: 'endDate', key: 'common:validation.date' };
  if (start && end && start > end) return { field: 'endDate', key: 'cardList:filter.dateRange' };

  const last4 = draft.last4.trim();
  if (last4 && !/^\d{1,4}$/.test(last4)) return { field: 'last4', key: 'cards:validation.last4' };
  return null;
}
