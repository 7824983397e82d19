/**
 * The decline-rate meter's query (DeclineRateMeter.tsx), apart from the meter so that a route
 * loader can start it without waiting for the meter's chunk: the same key and load either way.
 */
import { declineRate } from '../../../contract/cards';
import { call } from '../../lib/http';

const DECLINE_RATE_KEY = ['cards', 'declineRate'] as const;

export const declineRateQuery = {
  queryKey: DECLINE_RATE_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(declineRate, {}, { signal, silent: true }),
  staleTime: 30_000,
};
