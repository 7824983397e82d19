/** The channel limits and fees of topup/amount, shared by the recharge pages through the query cache. */
import { useQuery } from '@tanstack/react-query';
import { limitsQueryKey, loadLimits } from './api';

export function useTopupLimits() {
  return useQuery({
    queryKey: limitsQueryKey,
    queryFn: ({ signal }) => loadLimits(signal),
    staleTime: 5 * 60_000,
  });
}
