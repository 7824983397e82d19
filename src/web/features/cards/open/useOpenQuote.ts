/**
 * The cost of an opening (openCardCost, or BatchOpenCardCost for a batch), asked for whenever the
 * priced inputs — segment, first load, coupon, count — have settled for a moment, so typing "500"
 * does not send three requests. Only inputs that already passed the form's own checks are quoted.
 */
import { useQuery } from '@tanstack/react-query';
import { hasAccessToken } from '../../../lib/session';
import { useSettled } from '../../../lib/useSettled';
import { cardKeys, loadQuote, type QuoteInput } from './api';

export const QUOTE_DEBOUNCE_MS = 400;

/** @param input the priced inputs, or null when there is nothing to quote yet */
export function useOpenQuote(input: QuoteInput | null) {
  // Compared as text: the form makes a new object on every render.
  const text = input ? JSON.stringify(input) : null;
  const current = useSettled(text, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: cardKeys.quote(input?.count === undefined ? 'single' : 'batch', current),
    queryFn: ({ signal }) => loadQuote(JSON.parse(current ?? '{}') as QuoteInput, signal),
    // Its own `enabled` must include the session check of the client default (queryClient.ts).
    enabled: current !== null && hasAccessToken(),
    // Balances and prices move: a quote is shown fresh, and the action is checked against it anyway.
    staleTime: 10_000,
  });
  return {
    ...query,
    /** Something is to be quoted and the figures shown are not (yet) its own. */
    pending: text !== null && (current === null || query.isFetching),
    /** The quote of exactly the inputs now in the form. */
    quote: current !== null && !query.isFetching ? query.data : undefined,
  };
}
