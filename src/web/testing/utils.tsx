/**
 * Helpers for page-level tests: the real app (router, providers) on a memory history, or one page
 * on a small router of its own; a fetch stub that answers in the API envelope (or with a file);
 * and reading what the stub recorded. The browser bits jsdom lacks are in testing/browser.ts.
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
import { App } from '../App';
import { i18n } from '../lib/i18n';
import { createAppRouter } from '../router';
import { StepUpHost } from '../components/ui/StepUpHost';

export function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const view = render(<App router={router} i18n={i18n} />);
  return { router, ...view };
}

/**
 * Renders `Page` at `path` (a query string is kept) on a small router with its own query client,
 * without the shell, and waits for the page (its test id ends in `-page`). `otherPaths` exist as
 * markers (`at-<path>`), to see where the page sent the customer.
 */
export async function renderPage(path: string, Page: () => ReactNode, otherPaths: readonly string[] = []) {
  const pagePath = path.split('?')[0] ?? path;
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = [pagePath, ...otherPaths.filter((other) => other !== pagePath)].map((routePath) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: routePath,
      component: routePath === pagePath ? Page : () => <div data-testid={`at-${routePath.slice(1)}`} />,
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
      {/* The signed-in shell hosts the step-up sheet; pages rendered without it get it here. */}
      <StepUpHost />
    </QueryClientProvider>,
  );
  await screen.findByTestId(/-page$/);
  return { router, client, ...view };
}

/** A component inside a fresh query client, for parts tested without a page around them. */
export function renderWithClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      {node}
      <StepUpHost />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
}

export type Reply = { code: number; msg?: string; data?: unknown };
/** An envelope, or a Response as it stands (a file download is not an envelope). */
type Answer = Reply | Response;
type Responder = (request: Recorded) => Answer | Promise<Answer>;

/** Stubs fetch; every request is recorded and answered by `respond`. */
export function stubApi(respond: Responder) {
  const requests: Recorded[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const recorded: Recorded = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.clone().text(),
    };
    requests.push(recorded);
    const reply = await respond(recorded);
    if (reply instanceof Response) return reply;
    const status = reply.code >= 100 && reply.code < 600 ? reply.code : 400;
    return new Response(JSON.stringify({ msg: '', data: null, path: url.pathname, ...reply }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

/** The requests sent to `/api/<path>`, e.g. requestsTo(requests, 'card/cardDown'). */
export function requestsTo(requests: readonly Recorded[], path: string): Recorded[] {
  return requests.filter((request) => request.path === `/api/${path}`);
}

/** The fields a request carried: its query for GET, its form body otherwise. */
export function formOf(request: Recorded | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(request.method === 'GET' ? request.query : new URLSearchParams(request.body));
}
