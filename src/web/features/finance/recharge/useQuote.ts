/**
 * The quote of a top-up (POST rechargeInfo: fee and credit) for an amount that already passed the
 * client-side limits. Asked for once the customer stops typing for a moment, so typing "16000"
 * does not send five requests.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TopupChannel } from '../../../../contract/topup-rules';
import { hasAccessToken } from '../../../lib/session';
import { loadQuote } from './api';

export const QUOTE_DEBOUNCE_MS = 400;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** @param amount minor units of an acceptable amount, or null when there is nothing to quote */
export function useQuote(channel: TopupChannel, amount: number | null) {
  const settled = useSettled(amount, QUOTE_DEBOUNCE_MS);
  const current = settled !== null && settled === amount ? settled : null;
  const query = useQuery({
    queryKey: ['recharge', 'quote', channel, current],
    queryFn: ({ signal }) => loadQuote(channel, current ?? 0, signal),
    // Its own `enabled` must include the session check of the client default (queryClient.ts).
    enabled: current !== null && hasAccessToken(),
  });
  return { ...query, pending: amount !== null && (current === null || query.isFetching) };
}
