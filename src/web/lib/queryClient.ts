/**
 * The TanStack Query client of the signed-in pages. It lives outside the entry bundle (only
 * signed-in pages fetch server state), and forgets every cached answer when the session ends so
 * nothing of one user is ever shown to the next.
 */
import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP layer already refreshes tokens and reports errors; a blind retry would only
      // repeat the toast.
      retry: false,
      staleTime: 30_000,
    },
  },
});

onSessionEnd(() => queryClient.clear());
