/**
 * Frame of every signed-in page. Today it only provides the query client; the next issue puts
 * the shell (side menu, header) here.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { queryClient } from '../lib/queryClient';

export function AuthedLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
