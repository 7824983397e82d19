/**
 * Test helpers of the finance pages (imported by tests only): a page on a small memory router with
 * its own query client, and the API stub of test-utils extended with file answers (proof images,
 * exports), which are not envelopes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { saveTokens } from '../../../lib/session';
import { stubApi, type Recorded } from '../../../test-utils';

export const ACCESS_TOKEN = 'access-token-finance';

export function signIn(): void {
  saveTokens({
    access_token: ACCESS_TOKEN,
    refresh_token: 'refresh-token-123456',
    access_overtime: 4_102_444_800_000,
  });
}

/** Renders `Page` at `path`; the other finance paths exist as markers, to see where a page went. */
export async function renderPage(path: string, Page: () => ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const paths = ['/FinanceRechargeBank', '/financeAudit', '/financeRecord'];
  const routes = paths.map((routePath) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: routePath,
      component: routePath === path ? Page : () => <div data-testid={`at-${routePath.slice(1)}`} />,
    }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  await screen.findByTestId(/-page$/);
  return { router, client, ...view };
}

type Reply = { code: number; msg?: string; data?: unknown };

/**
 * stubApi, plus file answers: when `file` returns a Response for a request, that is the answer
 * (recorded like the others); otherwise `respond` answers with an envelope.
 */
export function stubFinanceApi(
  respond: (request: Recorded) => Reply | Promise<Reply>,
  file: (request: Recorded) => Response | null = () => null,
) {
  const api = stubApi(respond);
  const envelopeFetch = api.fetchStub;
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const recorded: Recorded = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: '',
    };
    const answer = file(recorded);
    if (!answer) return envelopeFetch(request);
    api.requests.push(recorded);
    return answer;
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests: api.requests, fetchStub };
}

/** A tiny PNG-looking file (the widget recognises images by their first bytes). */
export function pngFile(name = 'receipt.png'): File {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}

export function formOf(request: Recorded | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}
