/**
 * The card list's data: card/page in pages of 100, loaded one after another as the customer
 * scrolls towards the end (infinite paging), and the filter choices of rangeList. Only card views
 * are cached here — last four digits, never a full number (those live in DetailsSheet's state).
 */
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { cardPage, cardPageForSub, rangeList, type CardView } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { call } from '../../../lib/http';
import { useOnline } from '../../../lib/offline';
import type { CardFilterRequest } from './card-filter';

/** The contract's largest page: fewest requests while scrolling through thousands of cards. */
export const CARD_PAGE_SIZE = 100;

type CardPage = ResponseOf<typeof cardPage>;
type Pages = InfiniteData<CardPage, number>;

export const CARD_LIST_KEY = ['cards', 'list'] as const;
export const RANGE_LIST_KEY = ['cards', 'rangeList'] as const;

/**
 * Whose cards: the caller's own (card/page), or — for the main account's team pages — the cards
 * of its sub-accounts, all or one member's (card/pageForSub).
 */
export type CardScope = { team: false } | { team: true; subAccountId: string };

export const OWN_CARDS: CardScope = { team: false };

export function useCardList(filter: CardFilterRequest, scope: CardScope = OWN_CARDS) {
  const client = useQueryClient();
  const queryKey = useMemo(() => [...CARD_LIST_KEY, filter, scope] as const, [filter, scope]);
  // Offline the page shows the saved list (useSavedCards) and asks nothing: a request would only
  // fail with "you are offline". The list loads as soon as the connection is back.
  const online = useOnline();

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const page = { ...filter, pageNo: pageParam, pageSize: CARD_PAGE_SIZE };
      return scope.team
        ? call(cardPageForSub, { ...page, subAccountId: scope.subAccountId }, { signal })
        : call(cardPage, page, { signal });
    },
    enabled: online,
    initialPageParam: 1,
    getNextPageParam: (last: CardPage) =>
      last.pageNo * last.pageSize < last.total && last.data.length > 0 ? last.pageNo + 1 : undefined,
  });

  // A card opened while scrolling shifts the pages by one: the same card may come twice.
  const cards = useMemo(() => {
    const seen = new Set<string>();
    const list: CardView[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const card of page.data) {
        if (seen.has(card.id)) continue;
        seen.add(card.id);
        list.push(card);
      }
    }
    return list;
  }, [query.data]);

  const total = query.data?.pages[0]?.total;

  /** Newest cards again: back to the first page (not every page scrolled through) and reload it. */
  const reload = useCallback(async () => {
    client.setQueryData<Pages>(queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await query.refetch();
    void client.invalidateQueries({ queryKey: RANGE_LIST_KEY });
  }, [client, queryKey, query]);

  return { ...query, cards, total, reload };
}

/** Puts the answer of a card action into every loaded page that holds the card. */
export function useCardPatcher() {
  const client = useQueryClient();
  return useCallback(
    (updated: readonly CardView[]) => {
      const byId = new Map(updated.map((card) => [card.id, card]));
      client.setQueriesData<Pages>({ queryKey: CARD_LIST_KEY }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((card) => byId.get(card.id) ?? card),
              })),
            }
          : data,
      );
      // Status counts and labels of the filters may have changed.
      void client.invalidateQueries({ queryKey: RANGE_LIST_KEY });
    },
    [client],
  );
}

export function useRangeList() {
  return useQuery({
    queryKey: RANGE_LIST_KEY,
    queryFn: ({ signal }) => call(rangeList, {}, { signal, silent: true }),
    staleTime: 60_000,
  });
}
