/**
 * The filters of the card records as the form holds them, and the request fields they become. The
 * list and the export are both given `requestOf(applied, tab)`, so a file holds exactly the rows
 * the list shows.
 */
import type { TradeStatus } from '@contract/records';
import { isCalendarDate } from '../../../lib/product-time';
import { TAB_DEFS, type RecordTab } from './record-tabs';

export interface TradeFilterDraft {
  last4: string;
  status: TradeStatus | '';
  merchant: string;
  startDate: string;
  endDate: string;
  /** A card group's id, `none` (cards in no group) or '' (all). */
  groupId: string;
  tagId: string;
}

export const EMPTY_TRADE_FILTER: TradeFilterDraft = {
  last4: '',
  status: '',
  merchant: '',
  startDate: '',
  endDate: '',
  groupId: '',
  tagId: '',
};

export interface TradeFilterRequest {
  last4?: string;
  status?: TradeStatus;
  merchant?: string;
  startDate?: string;
  endDate?: string;
  groupId?: string;
  tagId?: string;
}

/**
 * Only the filters that are set, trimmed; an unset filter is not sent at all. A status the tab
 * does not offer (kept from another tab) is left out.
 */
export function requestOf(draft: TradeFilterDraft, tab: RecordTab): TradeFilterRequest {
  const request: TradeFilterRequest = {};
  const last4 = draft.last4.trim();
  const merchant = draft.merchant.trim();
  const startDate = draft.startDate.trim();
  const endDate = draft.endDate.trim();
  if (last4) request.last4 = last4;
  if (draft.status && TAB_DEFS[tab].statuses.includes(draft.status)) request.status = draft.status;
  if (merchant) request.merchant = merchant;
  if (startDate) request.startDate = startDate;
  if (endDate) request.endDate = endDate;
  if (draft.groupId) request.groupId = draft.groupId;
  if (draft.tagId) request.tagId = draft.tagId;
  return request;
}

export function activeFilterCount(draft: TradeFilterDraft, tab: RecordTab): number {
  return Object.keys(requestOf(draft, tab)).length;
}

/** The draft as another tab sees it: a status that tab does not offer is cleared. */
export function draftForTab(draft: TradeFilterDraft, tab: RecordTab): TradeFilterDraft {
  return draft.status && !TAB_DEFS[tab].statuses.includes(draft.status) ? { ...draft, status: '' } : draft;
}

export type TradeFilterProblem =
  | { field: 'last4'; key: 'cards:validation.last4' }
  | { field: 'startDate' | 'endDate'; key: 'validation.date' | 'validation.dateRange' };

/** What stops a search: last digits that are not 1–4 digits, an unreadable day, a reversed range. */
export function filterProblem(draft: TradeFilterDraft, tab: RecordTab): TradeFilterProblem | null {
  const { last4, startDate, endDate } = requestOf(draft, tab);
  if (last4 && !/^\d{1,4}$/.test(last4)) return { field: 'last4', key: 'cards:validation.last4' };
  if (startDate && !isCalendarDate(startDate)) return { field: 'startDate', key: 'validation.date' };
  if (endDate && !isCalendarDate(endDate)) return { field: 'endDate', key: 'validation.date' };
  if (startDate && endDate && startDate > endDate) return { field: 'endDate', key: 'validation.dateRange' };
  return null;
}
