/**
 * The exact cost of a card load (issue 5 §1): amount, fees, coupon discount and the subtotal in
 * the card's currency, then one total per wallet that can pay — with the exchange rate when the
 * CNY wallet pays for a USD card, the wallet's balance, and whether it is enough. The customer
 * picks the paying wallet here; a wallet that cannot cover its total cannot be picked.
 */
import { useTranslation } from 'react-i18next';
import type { CostBreakdown, DebitCurrency } from '@contract/cards';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import { rateText } from '../../open/format';
import { CARD_LIST_NS } from '../i18n';

export interface CostBreakdownViewProps {
  breakdown: CostBreakdown;
  debit: DebitCurrency | null;
  onDebit: (debit: DebitCurrency) => void;
  'data-testid'?: string;
}

export function CostBreakdownView({ breakdown, debit, onDebit, ...rest }: CostBreakdownViewProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const currency = breakdown.cardCurrency;
  const testId = rest['data-testid'] ?? 'cost';
  const line = (key: string, minor: number, sign?: '-') => (
    <FigureLine label={t(`cost.${key}`)} data-testid={`${testId}-${key}`}>
      {sign ? '-' : ''}
      <Money minor={minor} currency={currency} />
    </FigureLine>
  );

  return (
    <div className="cp-cl-cost" data-testid={testId}>
      <dl className="cp-figures cp-figures--boxed">
        {breakdown.count > 1 ? (
          <FigureLine label={t('cost.count')} data-testid={`${testId}-count`}>
            {breakdown.count}
          </FigureLine>
        ) : null}
        {line('amount', breakdown.amount)}
        {breakdown.openFee > 0 ? line('openFee', breakdown.openFee) : null}
        {line('rechargeFee', breakdown.rechargeFee)}
        {breakdown.discount > 0 ? line('discount', breakdown.discount, '-') : null}
        <FigureLine label={t('cost.subtotal')} total data-testid={`${testId}-subtotal`}>
          <Money minor={breakdown.subtotal} currency={currency} />
        </FigureLine>
      </dl>

      <fieldset className="cp-choice">
        <legend className="cp-field__label">{t('cost.payFrom')}</legend>
        {breakdown.totals.map((total) => {
          const on = debit === total.debitCurrency;
          return (
            <label
              key={total.debitCurrency}
              className={`cp-choice__item ${on ? 'cp-choice__item--on' : ''} ${
                total.enough ? '' : 'cp-choice__item--short'
              }`}
              data-testid={`${testId}-wallet-${total.debitCurrency}`}
            >
              <input
                type="radio"
                name={`${testId}-debit`}
                value={total.debitCurrency}
                checked={on}
                disabled={!total.enough}
                onChange={() => onDebit(total.debitCurrency)}
                data-testid={`${testId}-debit-${total.debitCurrency}`}
              />
              <span className="cp-choice__text">
                <span className="cp-choice__title">
                  {t(`wallet.${total.debitCurrency}`)}
                  <Money
                    minor={total.total}
                    currency={total.debitCurrency}
                    className=""
                    data-testid={`${testId}-total-${total.debitCurrency}`}
                  />
                </span>
                <span className="cp-choice__meta">
                  {total.rateMicros !== null
                    ? `${t('cost.rate', { currency, rate: rateText(total.rateMicros) })} · `
                    : ''}
                  {t('cost.balance')} <Money minor={total.balance} currency={total.debitCurrency} />
                  {total.enough ? null : (
                    <strong className="cp-choice__short"> · {t('cost.notEnough')}</strong>
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
    </div>
  );
}
