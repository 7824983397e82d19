/**
 * A full-height sheet of a card's history, newest first, 20 at a time with "Load more": the frame
 * the card's log and its bill share. The caller gives the call and draws the rows.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { Sheet } from '@web/components/ui/Sheet';
import { SheetButton } from '@web/components/ui/SheetButtons';
import { CARD_LIST_NS } from '../i18n';

const PAGE_SIZE = 20;

interface HistoryPage<R> {
  data: R[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface CardHistorySheetProps<R> {
  card: CardView;
  /** Names the query and prefixes the test ids: `-sheet`, `-more`. */
  kind: string;
  title: string;
  empty: string;
  load: (
    page: { cardId: string; pageNo: number; pageSize: number },
    signal: AbortSignal,
  ) => Promise<HistoryPage<R>>;
  children: (rows: R[]) => ReactNode;
  onClose: () => void;
}

export function CardHistorySheet<R>({
  card,
  kind,
  title,
  empty,
  load,
  children,
  onClose,
}: CardHistorySheetProps<R>) {
  const { t } = useTranslation(CARD_LIST_NS);
  const history = useInfiniteQuery({
    queryKey: ['cards', kind, card.id],
    queryFn: ({ pageParam, signal }) =>
      load({ cardId: card.id, pageNo: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    staleTime: 0,
  });
  const rows = history.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Sheet visible fullHeight title={title} onClose={onClose} wideWidth={640} data-testid={`${kind}-sheet`}>
      {history.isPending ? <p className="cp-sheet-text">{t('loading')}</p> : null}
      {history.isSuccess && rows.length === 0 ? <p className="cp-sheet-text">{empty}</p> : null}
      {children(rows)}
      {history.hasNextPage ? (
        <SheetButton
          busy={history.isFetchingNextPage}
          color="default"
          fill="outline"
          onClick={() => void history.fetchNextPage()}
          data-testid={`${kind}-more`}
        >
          {t('loadMore')}
        </SheetButton>
      ) : null}
    </Sheet>
  );
}
