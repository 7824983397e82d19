/**
 * The breakdown's applied filters as facts of the shared empty-list sentence
 * (components/ui/empty-sentence.ts): "No records with type Fee and currency USD from 1 Nov".
 */
import type { TFunction } from 'i18next';
import type { MaybeFact } from '../../../components/ui/empty-sentence';
import type { FlowFilterRequest } from './flow-filter';

export function flowFilterFacts(filter: FlowFilterRequest, t: TFunction): MaybeFact[] {
  return [
    filter.type && { kind: 'is', label: t('records.type'), value: t(`flowType.${filter.type}`) },
    filter.currency && { kind: 'is', label: t('records.currency'), value: filter.currency },
    { kind: 'dates', from: filter.startDate, to: filter.endDate },
    filter.cardSerial && { kind: 'is', label: t('records.cardSerial'), value: filter.cardSerial },
    filter.txnNo && { kind: 'is', label: t('records.txnNo'), value: filter.txnNo },
  ];
}
