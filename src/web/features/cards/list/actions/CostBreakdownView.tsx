/**
 * The exact cost of a card load (issue 5 §1): amount, fees, coupon discount and the subtotal in
 * the card's currency, then one total per wallet that can pay — with the exchange rate when the
 * CNY wallet pays for a USD card, the wallet's balance, and whether it is enough. The customer
 * picks the paying wallet here; a wallet that cannot cover its total cannot be picked.
 */
import { useTranslation } from 'react-i18next';
import type { CostBreakdown, DebitCurrency } from '../../../../../contract/cards';
import { Money } from '../../../../components/ui/Money';
import { CARD_LIST_NS } from '../i18n';

export interface CostBreakdownViewProps {
  breakdown: CostBreakdown;
  debit: DebitCurrency | null;
  onDebit: (debit: DebitCurrency) => void;
  'data-testid'?: string;
}

/** 7_200_000 millionths -> "7.2000". */
function rateText(rateMicros: number): string {
  const whole = Math.floor(rateMicros / 1_000_000);
  const fraction = String(rateMicros % 1_000_000)
    .padStart(6, '0')
    .slice(0, 4);
  return `${whole}.${fraction}`;
}

export function CostBreakdownView({ breakdown, debit, onDebit, ...rest }: CostBreakdownViewProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const currency = breakdown.cardCurrency;
  const testId = rest['data-testid'] ?? 'cost';
  const line = (key: string, minor: number, sign?: '-') => (
    <div className="cp-cl-cost__line" data-testid={`${testId}-${key}`}>
      <dt>{t(`cost.${key}`)}</dt>
      <dd>
        {sign ? '-' : ''}
        <Money minor={minor} currency={currency} />
      </dd>
    </div>
  );

  return (
    <div className="cp-cl-cost" data-testid={testId}>
      <dl className="cp-cl-cost__lines">
        {breakdown.count > 1 ? (
          <div className="cp-cl-cost__line">
            <dt>{t('cost.count')}</dt>
            <dd data-testid={`${testId}-count`}>{breakdown.count}</dd>
          </div>
        ) : null}
        {line('amount', breakdown.amount)}
        {breakdown.openFee > 0 ? line('openFee', breakdown.openFee) : null}
        {line('rechargeFee', breakdown.rechargeFee)}
        {breakdown.discount > 0 ? line('discount', breakdown.discount, '-') : null}
        <div className="cp-cl-cost__line cp-cl-cost__line--strong" data-testid={`${testId}-subtotal`}>
          <dt>{t('cost.subtotal')}</dt>
          <dd>
            <Money minor={breakdown.subtotal} currency={currency} />
          </dd>
        </div>
      </dl>

      <fieldset className="cp-cl-choice">
        <legend className="cp-field__label">{t('cost.payFrom')}</legend>
        {breakdown.totals.map((total) => {
          const on = debit === total.debitCurrency;
          return (
            <label
              key={total.debitCurrency}
              className={`cp-cl-choice__item ${on ? 'cp-cl-choice__item--on' : ''} ${
                total.enough ? '' : 'cp-cl-choice__item--short'
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
              <span className="cp-cl-choice__text">
                <span className="cp-cl-choice__title">
                  {t(`wallet.${total.debitCurrency}`)}
                  <Money
                    minor={total.total}
                    currency={total.debitCurrency}
                    className="cp-cl-choice__total"
                    data-testid={`${testId}-total-${total.debitCurrency}`}
                  />
                </span>
                <span className="cp-cl-choice__meta">
                  {total.rateMicros !== null
                    ? `${t('cost.rate', { currency, rate: rateText(total.rateMicros) })} · `
                    : ''}
                  {t('cost.balance')} <Money minor={total.balance} currency={total.debitCurrency} />
                  {total.enough ? null : (
                    <strong className="cp-cl-choice__short"> · {t('cost.notEnough')}</strong>
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
