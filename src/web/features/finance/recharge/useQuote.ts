/**
 * The quote of a top-up (POST rechargeInfo: fee and credit) for an amount that already passed the
 * client-side limits. Asked for once the customer stops typing for a moment, so typing "16000"
 * does not send five requests.
 */
import { useQuery } from '@tanstack/react-query';
import type { TopupChannel } from '@contract/topup-rules';
import { hasAccessToken } from '../../../lib/session';
import { useSettled } from '../../../lib/useSettled';
import { loadQuote } from './api';

export const QUOTE_DEBOUNCE_MS = 400;

/** @param amount minor units of an acceptable amount, or null when there is nothing to quote */
export function useQuote(channel: TopupChannel, amount: number | null) {
  const current = useSettled(amount, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['recharge', 'quote', channel, current],
    queryFn: ({ signal }) => loadQuote(channel, current ?? 0, signal),
    // Its own `enabled` must include the session check of the client default (queryClient.ts).
    enabled: current !== null && hasAccessToken(),
  });
  return { ...query, pending: amount !== null && (current === null || query.isFetching) };
}
