/**
 * A card's bill (getCardBill): every movement of its balance — loads, spending, refunds,
 * reversals, withdrawals — with the balance after each, newest first, 20 at a time.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { getCardBill, type CardView } from '../../../../../contract/cards';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { CARD_LIST_NS } from '../i18n';
import { productDateTime } from '../time';

const PAGE_SIZE = 20;

export function CardBillSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const bill = useInfiniteQuery({
    queryKey: ['cards', 'bill', card.id],
    queryFn: ({ pageParam, signal }) =>
      call(getCardBill, { cardId: card.id, pageNo: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    staleTime: 0,
  });
  const rows = bill.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Sheet
      visible
      fullHeight
      title={t('bill.title', { last4: card.last4 })}
      onClose={onClose}
      wideWidth={640}
      data-testid="bill-sheet"
    >
      {bill.isPending ? <p className="cp-cl-text">{t('loading')}</p> : null}
      {bill.isSuccess && rows.length === 0 ? <p className="cp-cl-text">{t('bill.empty')}</p> : null}
      <ul className="cp-cl-bill">
        {rows.map((row, index) => (
          <li key={`${row.txnNo}-${index}`} className="cp-cl-bill__row" data-testid="bill-row">
            <span className="cp-cl-bill__what">
              <span className="cp-cl-bill__type">
                {t(`bill.type.${row.type}`, { defaultValue: row.type })}
              </span>
              <span className="cp-cl-bill__meta">
                {productDateTime(row.createdAt)}
                {row.description ? ` · ${row.description}` : ''}
              </span>
              <span className="cp-cl-bill__meta cp-cl-mono">{row.txnNo}</span>
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
      {bill.hasNextPage ? (
        <Button
          block
          fill="outline"
          loading={bill.isFetchingNextPage}
          onClick={() => void bill.fetchNextPage()}
          data-testid="bill-more"
        >
          {t('loadMore')}
        </Button>
      ) : null}
    </Sheet>
  );
}
