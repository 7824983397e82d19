/** The cells of a card record row, shared by the table and the phone cards. */
import { useTranslation } from 'react-i18next';
import type { TradeRow } from '@contract/records';
import { CARD_RECORDS_NS, CARDS_NS } from '../i18n';
import { mccKey } from '../mcc-category';
import { countryName } from './TradeDetailSheet';

/**
 * Where a payment was made, in words (issue 18 §3): the category's name rather than its code
 * (ISO 18245 "MCC"; the code stays in the details) and the country's name in the reader's language.
 */
export function MerchantCell({ row }: { row: TradeRow }) {
  const { t, i18n } = useTranslation(CARD_RECORDS_NS);
  const key = mccKey(row.merchantCategory);
  const category = key ? t(key) : row.merchantCategory.trim();
  const country = row.merchantCountry.trim() ? countryName(row.merchantCountry, i18n.language) : '';
  const where = [category, country].filter((part) => part !== '').join(' · ');
  return (
    <span className="cp-rec-merchant" data-testid="trade-row" data-id={row.id} data-status={row.status}>
      <span className="cp-rec-merchant__name">{row.merchantName}</span>
      {where ? <span className="cp-rec-merchant__where">{where}</span> : null}
    </span>
  );
}

export function CardCell({ row }: { row: TradeRow }) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  return (
    <span className="cp-rec-card" data-testid="trade-card">
      <span className="cp-rec-card__serial">{row.cardSerial}</span>
      <span className="cp-rec-card__last4">{t('cardEnding', { last4: row.last4 })}</span>
    </span>
  );
}

/**
 * Why a payment was declined: the text the server wrote in the reader's language, else our own
 * text for the reason code (a server older than its texts), else a dash.
 */
export function DeclineReason({ row }: { row: TradeRow }) {
  const { t } = useTranslation(CARDS_NS);
  const text = row.declineText?.trim() || (row.declineReason ? t(`declineReason.${row.declineReason}`) : '');
  return (
    <span className="cp-rec-reason" data-testid="trade-reason">
      {text || '—'}
    </span>
  );
}
