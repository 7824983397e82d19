/**
 * One card record in full (records.detail), opened from a row of any of the three tabs: the
 * merchant with its category by name (not the raw MCC) and its country in the reader's language,
 * the amount on the card and what the merchant charged in its own currency, the record's history
 * (authorized or declined → cleared → refunded / reversed), and for a decline its reason with what
 * to do about it. The record number stays available here for customer service.
 */
import Button from '@web/components/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { minorDigits, minorToDecimal } from '@contract/minor-units';
import { tradeDetail, type TradeDetail, type TradeRow } from '@contract/records';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { call } from '@web/lib/http';
import { productDateTime } from '@web/lib/product-time';
import { CARD_RECORDS_NS, CARDS_NS } from '../i18n';
import { mccKey } from '../mcc-category';
import { TradeStatusTag } from './TradeStatusTag';

export interface TradeDetailSheetProps {
  /** The row tapped: shown at once while the detail loads. */
  row: TradeRow | null;
  onClose: () => void;
}

/** "France" / "法国" for "FR"; the code itself when the browser has no name for it. */
export function countryName(code: string, lang: string): string {
  const region = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(region)) return code;
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/**
 * An amount in any ISO 4217 currency, with that currency's own number of decimals (the one table
 * of contract/minor-units.ts, so the list, the detail and the exports agree).
 */
export function foreignMoney(minor: number, currency: string, lang: string): string {
  const digits = minorDigits(currency);
  try {
    const format = new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minorToDecimal(minor, currency, true)} ${currency}`;
  }
}

export function TradeDetailSheet({ row, onClose }: TradeDetailSheetProps) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const detail = useQuery({
    queryKey: ['cards', 'records', 'detail', row?.id],
    queryFn: ({ signal }) => call(tradeDetail, { id: row!.id }, { signal }),
    enabled: row !== null,
  });
  return (
    <Sheet visible={row !== null} title={t('detail.title')} onClose={onClose} data-testid="trade-detail">
      {row ? (
        <div className="cp-rec-detail">
          <Facts row={detail.data ?? row} />
          {detail.data ? (
            <History detail={detail.data} />
          ) : detail.isError ? (
            <div role="alert" className="cp-rec-detail__failed">
              <p>{t('detail.failed')}</p>
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('detail.retry')}
              </Button>
            </div>
          ) : (
            <p role="status">{t('detail.loading')}</p>
          )}
        </div>
      ) : null}
    </Sheet>
  );
}

function Facts({ row }: { row: TradeRow | TradeDetail }) {
  const { t, i18n } = useTranslation(CARD_RECORDS_NS);
  const category = mccKey(row.merchantCategory);
  const original = 'originalCurrency' in row ? row : null;
  return (
    <>
      <div className="cp-rec-detail__head">
        <span className="cp-rec-detail__merchant" data-testid="detail-merchant">
          {row.merchantName}
        </span>
        <TradeStatusTag status={row.status} />
      </div>
      <dl className="cp-rec-detail__facts">
        <dt>{t('detail.category')}</dt>
        <dd data-testid="detail-category">
          {category ? t(category) : row.merchantCategory || '—'}
          {category ? (
            <span className="cp-rec-detail__aside">{t('detail.mcc', { code: row.merchantCategory })}</span>
          ) : null}
        </dd>
        <dt>{t('detail.country')}</dt>
        <dd data-testid="detail-country">
          {row.merchantCountry ? countryName(row.merchantCountry, i18n.language) : '—'}
        </dd>
        <dt>{t('detail.cardAmount')}</dt>
        <dd>
          <Money minor={row.amount} currency={row.currency} data-testid="detail-amount" />
        </dd>
        {original ? (
          <>
            <dt>{t('detail.original')}</dt>
            <dd data-testid="detail-original">
              {original.originalCurrency && original.originalAmount !== null
                ? foreignMoney(original.originalAmount, original.originalCurrency, i18n.language)
                : t('detail.sameCurrency')}
            </dd>
          </>
        ) : null}
        <dt>{t('detail.card')}</dt>
        <dd>
          {row.cardSerial} · {t('cardEnding', { last4: row.last4 })}
        </dd>
        <dt>{t('detail.record')}</dt>
        <dd className="cp-mono cp-rec-detail__id">{row.id}</dd>
      </dl>
      {row.status === 'declined' ? <DeclineAdvice row={row} /> : null}
    </>
  );
}

/** Why it was declined, and the one thing to do about it. */
function DeclineAdvice({ row }: { row: TradeRow }) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const reason =
    row.declineText?.trim() ||
    (row.declineReason ? t(`${CARDS_NS}:declineReason.${row.declineReason}`) : '—');
  return (
    <div className="cp-notice cp-notice--warn" data-testid="detail-decline">
      <p>
        <strong>{t('detail.reason')}: </strong>
        <span data-testid="detail-reason">{reason}</span>
      </p>
      {row.declineReason ? (
        <p>
          <strong>{t('detail.advice')}: </strong>
          <span data-testid="detail-advice">{t(`${CARDS_NS}:declineAdvice.${row.declineReason}`)}</span>
        </p>
      ) : null}
    </div>
  );
}

function History({ detail }: { detail: TradeDetail }) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  return (
    <section aria-labelledby="trade-history-title">
      <h3 id="trade-history-title" className="cp-rec-detail__subtitle">
        {t('detail.history')}
      </h3>
      <ol className="cp-rec-history" data-testid="detail-history">
        {detail.history.map((step, index) => (
          <li key={`${step.step}-${index}`} className="cp-rec-history__step" data-step={step.step}>
            <span className="cp-rec-history__name">{t(`detail.step.${step.step}`)}</span>
            <Money minor={step.amount} currency={detail.currency} className="cp-rec-history__amount" />
            <time className="cp-rec-history__time" dateTime={step.at}>
              {productDateTime(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
