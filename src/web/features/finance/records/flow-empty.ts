/**
 * What an empty breakdown says (issue 18 §3): with no filter, that the wallet has not moved yet;
 * with filters, which filters found nothing ("No records of type Top-up · USD · from 2026-01-01"),
 * so the customer knows what to widen instead of reading a generic "no data".
 */
import type { TFunction } from 'i18next';
import type { FlowFilterRequest } from './flow-filter';

export function flowEmptyText(filter: FlowFilterRequest, t: TFunction): string {
  const parts: string[] = [];
  if (filter.type) parts.push(t('records.emptyType', { type: t(`flowType.${filter.type}`) }));
  if (filter.currency) parts.push(filter.currency);
  if (filter.startDate) parts.push(t('records.emptyFrom', { date: filter.startDate }));
  if (filter.endDate) parts.push(t('records.emptyTo', { date: filter.endDate }));
  if (filter.cardSerial) parts.push(t('records.emptyCard', { serial: filter.cardSerial }));
  if (filter.txnNo) parts.push(t('records.emptyTxn', { txnNo: filter.txnNo }));
  if (parts.length === 0) return t('records.emptyAll');
  return t('records.emptyFiltered', { filters: parts.join(' · ') });
}
