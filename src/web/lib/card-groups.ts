/**
 * The customer's card groups and tags as choices for any card screen (the card list, the card
 * records, the opening form, the group page). One query each, shared through the query cache, so
 * a group created on one page shows on the others after `invalidateGroupChoices`. Silent: a list
 * that cannot be loaded only leaves its picker empty, it is no reason to alarm the customer.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { cardGroupPage } from '../../contract/card-groups';
import { tagPage } from '../../contract/tags';
import { call } from './http';

export const GROUP_CHOICES_KEY = ['cardGroups', 'choices'] as const;
export const TAG_CHOICES_KEY = ['tags', 'choices'] as const;

/** The filter value for "cards in no group" (contract: `groupId=none`). */
export const NO_GROUP = 'none';

export interface Choice {
  id: string;
  name: string;
}

/** Up to 100 groups, pinned first: the server's own order. */
export function useGroupChoices(enabled = true) {
  return useQuery({
    queryKey: GROUP_CHOICES_KEY,
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await call(cardGroupPage, { pageNo: 1, pageSize: 100 }, { signal, silent: true })).data.map((g) => ({
        id: g.id,
        name: g.name,
      })),
  });
}

export function useTagChoices(enabled = true) {
  return useQuery({
    queryKey: TAG_CHOICES_KEY,
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await call(tagPage, { pageNo: 1, pageSize: 100 }, { signal, silent: true })).data.map((x) => ({
        id: x.id,
        name: x.name,
      })),
  });
}

export function invalidateGroupChoices(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: GROUP_CHOICES_KEY });
  void client.invalidateQueries({ queryKey: TAG_CHOICES_KEY });
}
