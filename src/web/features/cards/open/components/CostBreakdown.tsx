/**
 * The exact cost of an opening as the server quoted it (issue 5 §1): the load, the opening and
 * load fees, the coupon's discount and the subtotal in the card's currency; then one choice per
 * wallet that can pay (USD, and CNY with its exchange rate) with the total it would be charged,
 * its balance and whether that is enough. The customer picks the debit account here.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import { ApiError } from '@web/lib/http';
import { currencySymbol } from '@web/lib/money';
import type { CostBreakdown as Cost, DebitCurrency, DebitTotal } from '../api';
import { rateText } from '../format';
import { CARD_OPEN_NS } from '../i18n';

export interface CostBreakdownProps {
  quote: Cost | undefined;
  /** Something is being quoted (the figures shown are not its own yet). */
  pending: boolean;
  error: unknown;
  /** Nothing to quote yet: the form is not complete enough. */
  idle: boolean;
  debit: DebitCurrency | null;
  onDebit: (currency: DebitCurrency) => void;
  'data-testid'?: string;
}

/** The wallet a quote is paid from: the customer's choice, else the first one that is enough. */
export function chosenTotal(quote: Cost | undefined, debit: DebitCurrency | null): DebitTotal | undefined {
  if (!quote) return undefined;
  const chosen = quote.totals.find((total) => total.debitCurrency === debit);
  if (chosen) return chosen;
  const own = quote.totals.find((total) => total.debitCurrency === quote.cardCurrency && total.enough);
  return own ?? quote.totals.find((total) => total.enough) ?? quote.totals[0];
}

export function CostBreakdown({ quote, pending, error, idle, debit, onDebit, ...rest }: CostBreakdownProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const name = useId();
  const testId = rest['data-testid'] ?? 'open-cost';
  const failed =
    !pending && !idle && error ? (error instanceof ApiError && error.msg) || t('cost.failed') : null;
  const shown = pending ? undefined : quote;
  const chosen = chosenTotal(shown, debit);
  const placeholder = <span className="cp-shimmer cp-shimmer--text" aria-hidden="true" />;

  return (
    <section className="cp-open-cost" aria-label={t('cost.title')} aria-busy={pending} data-testid={testId}>
      <h3 className="cp-open__legend">{t('cost.title')}</h3>
      {idle ? (
        <p className="cp-open__muted" data-testid={`${testId}-idle`}>
          {t('cost.idle')}
        </p>
      ) : failed ? (
        <p className="cp-open-cost__error" role="alert" data-testid={`${testId}-error`}>
          {failed}
        </p>
      ) : (
        <>
          <dl className="cp-figures cp-open-cost__list" aria-live="polite">
            <FigureLine label={t('cost.load', { count: shown?.count ?? 1 })} data-testid={`${testId}-amount`}>
              {shown ? <Money minor={shown.amount} currency={shown.cardCurrency} /> : placeholder}
            </FigureLine>
            <FigureLine label={t('cost.openFee')} data-testid={`${testId}-openFee`}>
              {shown ? <Money minor={shown.openFee} currency={shown.cardCurrency} /> : placeholder}
            </FigureLine>
            <FigureLine label={t('cost.rechargeFee')} data-testid={`${testId}-rechargeFee`}>
              {shown ? <Money minor={shown.rechargeFee} currency={shown.cardCurrency} /> : placeholder}
            </FigureLine>
            {shown && shown.discount > 0 ? (
              <FigureLine label={t('cost.discount')} data-testid={`${testId}-discount`}>
                <Money minor={-shown.discount} currency={shown.cardCurrency} tone />
              </FigureLine>
            ) : null}
            <FigureLine label={t('cost.subtotal')} data-testid={`${testId}-subtotal`} total>
              {shown ? <Money minor={shown.subtotal} currency={shown.cardCurrency} /> : placeholder}
            </FigureLine>
          </dl>
          <fieldset className="cp-choice" disabled={!shown}>
            <legend className="cp-field__label">{t('cost.payFrom')}</legend>
            {shown ? (
              shown.totals.map((total) => {
                const checked = chosen?.debitCurrency === total.debitCurrency;
                return (
                  <label
                    key={total.debitCurrency}
                    className={`cp-choice__item ${checked ? 'cp-choice__item--on' : ''} ${
                      total.enough ? '' : 'cp-choice__item--short'
                    }`}
                    data-testid={`${testId}-debit-${total.debitCurrency}`}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={total.debitCurrency}
                      checked={checked}
                      onChange={() => onDebit(total.debitCurrency)}
                    />
                    <span className="cp-choice__text">
                      <span className="cp-choice__title">
                        {t('cost.wallet', { currency: total.debitCurrency })}
                      </span>
                      {total.rateMicros !== null ? (
                        <span className="cp-choice__meta">
                          {t('cost.rate', {
                            unit: `${currencySymbol(shown.cardCurrency)}1`,
                            rate: `${currencySymbol(total.debitCurrency)}${rateText(total.rateMicros)}`,
                          })}
                        </span>
                      ) : null}
                      <span className="cp-choice__meta">
                        {t('cost.balance')} <Money minor={total.balance} currency={total.debitCurrency} />
                        {total.enough ? null : (
                          <span className="cp-tag cp-tag--bad">{t('cost.notEnough')}</span>
                        )}
                      </span>
                    </span>
                    <span className="cp-open-debit__total">
                      <Money
                        minor={total.total}
                        currency={total.debitCurrency}
                        data-testid={`${testId}-total-${total.debitCurrency}`}
                      />
                    </span>
                  </label>
                );
              })
            ) : (
              <p className="cp-open__muted">{t('cost.pending')}</p>
            )}
          </fieldset>
          {chosen && !chosen.enough ? (
            <p className="cp-open-cost__short" role="alert" data-testid={`${testId}-short`}>
              {t('cost.shortHint', { currency: chosen.debitCurrency })}{' '}
              <a className="cp-text-link" href="#/FinanceRechargeIndex">
                {t('cost.topUp')}
              </a>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
