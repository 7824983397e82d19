/**
 * The exact cost of an import as the server worked it out (issue 29 item 16): per segment and first
 * load of the file, the loads, fees, coupon discount and subtotal in the card's currency; then the
 * total the debit account is charged, its balance, and whether that is enough. The upload charges
 * exactly this total or nothing.
 */
import { useTranslation } from 'react-i18next';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import type { ImportCost } from '../api';
import { CARD_OPEN_NS } from '../i18n';

export function ImportCostView({ cost }: { cost: ImportCost }) {
  const { t } = useTranslation(CARD_OPEN_NS);
  return (
    <section
      className="cp-panel cp-open-import__cost"
      aria-labelledby="import-cost-title"
      data-testid="import-cost"
    >
      <h3 id="import-cost-title" className="cp-open__legend" tabIndex={-1}>
        {t('import.costTitle', { count: cost.count })}
      </h3>
      {cost.parts.map((part, index) => (
        <dl className="cp-figures" key={index} data-testid="import-cost-part">
          <FigureLine label={t('cost.load', { count: part.count })}>
            <Money minor={part.amount} currency={part.cardCurrency} />
          </FigureLine>
          <FigureLine label={t('cost.openFee')}>
            <Money minor={part.openFee} currency={part.cardCurrency} />
          </FigureLine>
          <FigureLine label={t('cost.rechargeFee')}>
            <Money minor={part.rechargeFee} currency={part.cardCurrency} />
          </FigureLine>
          {part.discount > 0 ? (
            <FigureLine label={t('cost.discount')}>
              <Money minor={-part.discount} currency={part.cardCurrency} />
            </FigureLine>
          ) : null}
          <FigureLine label={t('cost.subtotal')}>
            <Money minor={part.subtotal} currency={part.cardCurrency} />
          </FigureLine>
        </dl>
      ))}
      <dl className="cp-figures">
        <FigureLine
          label={t('import.costTotal', { currency: cost.unit })}
          total
          data-testid="import-cost-total"
        >
          <Money minor={cost.total} currency={cost.unit} />
        </FigureLine>
        <FigureLine label={t('cost.balance')}>
          <Money minor={cost.balance} currency={cost.unit} />
        </FigureLine>
      </dl>
      {cost.enough ? null : (
        <p className="cp-notice cp-notice--error" role="alert" data-testid="import-cost-short">
          {t('cost.shortHint', { currency: cost.unit })}
        </p>
      )}
    </section>
  );
}
