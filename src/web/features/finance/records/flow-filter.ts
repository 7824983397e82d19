/**
 * The filters of the financial breakdown as the form holds them, and the request fields they
 * become. The list (flowPage) and the export (flowDown) are both given `requestOf(applied)`, so
 * the file holds exactly the rows the list shows.
 */
import type { CurrencyCode } from '@contract/core';
import { FLOW_TYPES, type FlowType } from '@contract/finance';
import { isCalendarDate } from '../../../lib/product-time';

export const FLOW_CURRENCIES = ['CNY', 'USD'] as const satisfies readonly CurrencyCode[];

export interface FlowFilterDraft {
  type: FlowType | '';
  currency: (typeof FLOW_CURRENCIES)[number] | '';
  startDate: string;
  endDate: string;
  cardSerial: string;
  txnNo: string;
}

export const EMPTY_FILTER: FlowFilterDraft = {
  type: '',
  currency: '',
  startDate: '',
  endDate: '',
  cardSerial: '',
  txnNo: '',
};

export interface FlowFilterRequest {
  type?: FlowType;
  currency?: (typeof FLOW_CURRENCIES)[number];
  startDate?: string;
  endDate?: string;
  cardSerial?: string;
  txnNo?: string;
}

/** Only the filters that are set, trimmed; an unset filter is not sent at all. */
export function requestOf(draft: FlowFilterDraft): FlowFilterRequest {
  const request: FlowFilterRequest = {};
  if (FLOW_TYPES.includes(draft.type as FlowType)) request.type = draft.type as FlowType;
  if (draft.currency) request.currency = draft.currency;
  if (draft.startDate.trim()) request.startDate = draft.startDate.trim();
  if (draft.endDate.trim()) request.endDate = draft.endDate.trim();
  if (draft.cardSerial.trim()) request.cardSerial = draft.cardSerial.trim();
  if (draft.txnNo.trim()) request.txnNo = draft.txnNo.trim();
  return request;
}

export function activeFilters(draft: FlowFilterDraft): number {
  return Object.keys(requestOf(draft)).length;
}

export type FilterProblem = {
  field: 'startDate' | 'endDate';
  key: 'validation.date' | 'validation.dateRange';
};

/** What stops a search: an unreadable date, or a range that ends before it starts. */
export function filterProblem(draft: FlowFilterDraft): FilterProblem | null {
  const { startDate, endDate } = requestOf(draft);
  if (startDate && !isCalendarDate(startDate)) return { field: 'startDate', key: 'validation.date' };
  if (endDate && !isCalendarDate(endDate)) return { field: 'endDate', key: 'validation.date' };
  if (startDate && endDate && startDate > endDate) return { field: 'endDate', key: 'validation.dateRange' };
  return null;
}
