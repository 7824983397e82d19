/**
 * The amount of a card payment, signed as it affects the card: a payment that took or holds money
 * is a debit ("-$12.30"); a declined or reversed one moved nothing, so it is struck through and
 * muted (still signed: it is what the merchant asked for). A refund is a green credit line under
 * it. Debits stay in the text colour: a statement of all-red rows would drown the status colours.
 */
import { useTranslation } from 'react-i18next';
import type { TradeRow } from '@contract/records';
import { Money } from '@web/components/ui/Money';
import { formatMoney } from '@web/lib/money';
import { CARD_RECORDS_NS } from '../i18n';

const MOVED_NOTHING: ReadonlySet<TradeRow['status']> = new Set(['declined', 'reversed']);

export function TradeAmount({ row }: { row: TradeRow }) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const voided = MOVED_NOTHING.has(row.status);
  return (
    <span className="cp-rec-amount">
      <Money
        minor={-row.amount}
        currency={row.currency}
        className={voided ? 'cp-rec-amount__main cp-rec-amount__main--void' : 'cp-rec-amount__main'}
        data-testid="trade-amount"
      />
      {row.refunded > 0 ? (
        <span className="cp-rec-amount__refund" data-testid="trade-refunded">
          {t('refunded', { amount: formatMoney(row.refunded, row.currency, { sign: 'always' }) })}
        </span>
      ) : null}
    </span>
  );
}
