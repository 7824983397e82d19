/**
 * One wallet movement in full (issue 18 §3): the sentence, the figures, and the identifiers the
 * list leaves out — transaction number, card, label and the neutral reference (channel and order,
 * segment ids, merchant) — for a customer quoting them to support.
 */
import { useTranslation } from 'react-i18next';
import type { FlowRow } from '@contract/finance';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { productDateTime, PRODUCT_ZONE } from '@web/lib/product-time';
import { FINANCE_NS } from '../../transfer/i18n';

export function FlowDetailSheet({ row, onClose }: { row: FlowRow | null; onClose: () => void }) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <Sheet
      visible={row !== null}
      title={t('records.detailTitle')}
      onClose={onClose}
      data-testid="flow-detail"
    >
      {row ? (
        <>
          <p className="cp-flow-detail__summary" data-testid="flow-detail-summary">
            {row.summary}
          </p>
          <dl className="cp-figures">
            <FigureLine label={t('records.type')}>{t(`flowType.${row.type}`)}</FigureLine>
            <FigureLine label={t('records.amount')}>
              <Money minor={row.amount} currency={row.currency} sign="always" tone />
            </FigureLine>
            <FigureLine label={t('records.balance')}>
              <Money minor={row.balance} currency={row.currency} />
            </FigureLine>
            <FigureLine label={t('records.time', { zone: PRODUCT_ZONE })}>
              {productDateTime(row.createdAt)}
            </FigureLine>
            <FigureLine label={t('records.txnNo')} data-testid="flow-detail-txn">
              <span className="cp-mono">{row.txnNo}</span>
            </FigureLine>
            {row.cardSerial ? (
              <FigureLine label={t('records.cardSerial')}>{row.cardSerial}</FigureLine>
            ) : null}
            {row.label ? <FigureLine label={t('records.label')}>{row.label}</FigureLine> : null}
            {row.description ? (
              <FigureLine label={t('records.reference')} data-testid="flow-detail-reference">
                <span className="cp-mono">{row.description}</span>
              </FigureLine>
            ) : null}
          </dl>
        </>
      ) : null}
    </Sheet>
  );
}
