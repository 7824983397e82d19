/**
 * A card's history (cardLog, issue 5 §3): who did what and when — openings, loads, freezes,
 * reveals of the details, address changes — newest first, 20 at a time with "Load more".
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { cardLog, type CardView } from '../../../../../contract/cards';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { CARD_LIST_NS } from '../i18n';
import { productDateTime } from '../time';

const PAGE_SIZE = 20;

/** What the detail of an event adds to its line: amounts and transaction numbers, as text. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

export function CardLogSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const log = useInfiniteQuery({
    queryKey: ['cards', 'log', card.id],
    queryFn: ({ pageParam, signal }) =>
      call(cardLog, { cardId: card.id, pageNo: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    staleTime: 0,
  });
  const events = log.data?.pages.flatMap((page) => page.data) ?? [];
  const actor = (name: string) => (['main', 'system', 'risk'].includes(name) ? t(`log.actor.${name}`) : name);

  return (
    <Sheet
      visible
      fullHeight
      title={t('log.title', { last4: card.last4 })}
      onClose={onClose}
      wideWidth={640}
      data-testid="log-sheet"
    >
      {log.isPending ? <p className="cp-cl-text">{t('loading')}</p> : null}
      {log.isSuccess && events.length === 0 ? <p className="cp-cl-text">{t('log.empty')}</p> : null}
      <ol className="cp-cl-timeline">
        {events.map((event) => (
          <li key={event.id} className="cp-cl-timeline__item" data-testid="log-event">
            <span className="cp-cl-timeline__action">
              {t(`log.action.${event.action}`, { defaultValue: event.action })}
            </span>
            <span className="cp-cl-timeline__meta">
              {productDateTime(event.createdAt)} · {actor(event.actor)}
              {event.ip ? ` · ${event.ip}` : ''}
            </span>
            {detailText(event.detail) ? (
              <span className="cp-cl-timeline__detail">{detailText(event.detail)}</span>
            ) : null}
          </li>
        ))}
      </ol>
      {log.hasNextPage ? (
        <Button
          block
          fill="outline"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          data-testid="log-more"
        >
          {t('loadMore')}
        </Button>
      ) : null}
    </Sheet>
  );
}
