/**
 * A card's bill (getCardBill): every movement of its balance — loads, spending, refunds,
 * reversals, withdrawals — with the balance after each, newest first, 20 at a time.
 */
import { useTranslation } from 'react-i18next';
import { getCardBill, type CardView } from '@contract/cards';
import { Money } from '@web/components/ui/Money';
import { call } from '@web/lib/http';
import { productDateTime, PRODUCT_ZONE } from '@web/lib/product-time';
import { CARD_LIST_NS } from '../i18n';
import { CardHistorySheet } from './CardHistorySheet';

export function CardBillSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <CardHistorySheet
      card={card}
      kind="bill"
      title={t('bill.title', { last4: card.last4 })}
      empty={t('bill.empty')}
      load={(page, signal) => call(getCardBill, page, { signal })}
      onClose={onClose}
    >
      {(rows) => (
        <ul className="cp-cl-bill">
          {rows.map((row, index) => (
            <li key={`${row.txnNo}-${index}`} className="cp-cl-bill__row" data-testid="bill-row">
              <span className="cp-cl-bill__what">
                <span className="cp-cl-bill__type">{row.summary}</span>
                <span className="cp-cl-bill__meta">
                  {t(`bill.type.${row.type}`, { defaultValue: row.type })} · {productDateTime(row.createdAt)}{' '}
                  {PRODUCT_ZONE}
                </span>
                <span className="cp-cl-bill__meta cp-mono">{row.txnNo}</span>
              </span>
              <span className="cp-cl-bill__figures">
                <Money minor={row.amount} currency={card.currency} sign="always" tone />
                <span className="cp-cl-bill__meta">
                  {t('bill.after')} <Money minor={row.balance} currency={card.currency} />
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </CardHistorySheet>
  );
}
