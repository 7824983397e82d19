/**
 * The quote of rechargeInfo under the amount: what is paid, the fee, and what reaches the wallet,
 * so the customer knows the figures before a QR code exists.
 */
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import { ApiError } from '@web/lib/http';
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
  const figure = (minor: number | undefined) =>
    minor !== undefined && !pending ? <Money minor={minor} currency={currency} /> : '—';

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
        <dl className="cp-figures" aria-live="polite">
          <FigureLine label={t('quote.pay')}>{figure(quote?.amount)}</FigureLine>
          <FigureLine label={t('quote.fee')} data-testid="recharge-fee">
            {figure(quote?.fee)}
          </FigureLine>
          <FigureLine label={t('quote.credit')} total data-testid="recharge-credit">
            {figure(quote?.credit)}
          </FigureLine>
        </dl>
      )}
    </section>
  );
}
