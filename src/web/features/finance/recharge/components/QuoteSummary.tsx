/**
 * The quote of rechargeInfo under the amount: what is paid, the fee, and what reaches the wallet,
 * so the customer knows the figures before a QR code exists.
 */
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '../../../../../contract/core';
import { Money } from '../../../../components/ui/Money';
import { ApiError } from '../../../../lib/http';
import type { Quote } from '../api';
import { RECHARGE_NS } from '../i18n';

export interface QuoteSummaryProps {
  currency: CurrencyCode;
  quote: Quote | undefined;
  pending: boolean;
  error: unknown;
}

export function QuoteSummary({ currency, quote, pending, error }: QuoteSummaryProps) {
  const { t } = useTranslation(RECHARGE_NS);
  const failed = !pending && error ? (error instanceof ApiError && error.msg) || t('quote.failed') : null;

  return (
    <section
      className="cp-recharge-quote"
      aria-label={t('quote.title')}
      aria-busy={pending}
      data-testid="recharge-quote"
    >
      {failed ? (
        <p className="cp-recharge-quote__error" role="alert">
          {failed}
        </p>
      ) : (
        <dl className="cp-recharge-quote__list" aria-live="polite">
          <div>
            <dt>{t('quote.pay')}</dt>
            <dd>{quote && !pending ? <Money minor={quote.amount} currency={currency} /> : '—'}</dd>
          </div>
          <div>
            <dt>{t('quote.fee')}</dt>
            <dd data-testid="recharge-fee">
              {quote && !pending ? <Money minor={quote.fee} currency={currency} /> : '—'}
            </dd>
          </div>
          <div className="cp-recharge-quote__credit">
            <dt>{t('quote.credit')}</dt>
            <dd data-testid="recharge-credit">
              {quote && !pending ? <Money minor={quote.credit} currency={currency} /> : '—'}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
