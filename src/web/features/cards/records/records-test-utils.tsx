/**
 * Test helpers of the card records page (imported by tests only): the page on a small memory
 * router with its own query client, and a fetch stub that answers envelopes or, for the exports,
 * files — recording every request with its form body.
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
import { vi } from 'vitest';
import type { TradeRow } from '../../../../contract/records';
import { saveTokens } from '../../../lib/session';
import type { Recorded } from '../../../test-utils';
import { CardRecordPage } from './CardRecordPage';

export const ACCESS_TOKEN = 'access-token-card-records';

export function signIn(): void {
  saveTokens({
    access_token: ACCESS_TOKEN,
    refresh_token: 'refresh-token-123456',
    access_overtime: 4_102_444_800_000,
  });
}

export async function renderRecords(path = '/cardRecord') {
  const rootRoute = createRootRoute({ component: Outlet });
  const recordRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/cardRecord',
    component: CardRecordPage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([recordRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('card-record-page');
  return { router, client, ...view };
}

type Reply = { code: number; msg?: string; data?: unknown };
type Answer = Reply | Response;

/** Stubs fetch: `respond` answers each recorded request with an envelope or a file Response. */
export function stubRecordsApi(respond: (request: Recorded) => Answer | Promise<Answer>) {
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
    const answer = await respond(recorded);
    if (answer instanceof Response) return answer;
    const status = answer.code >= 100 && answer.code < 600 ? answer.code : 400;
    return new Response(JSON.stringify({ msg: '', data: null, path: url.pathname, ...answer }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

/** The fields a request carried: its query for GET, its form body otherwise. */
export function fieldsOf(request: Recorded | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(request.method === 'GET' ? request.query : new URLSearchParams(request.body));
}

let rowCount = 0;

export function tradeRow(fields: Partial<TradeRow> = {}): TradeRow {
  rowCount += 1;
  return {
    id: `t${rowCount}`,
    cardId: 'c1',
    cardSerial: 'VC0001',
    last4: '4821',
    status: 'completed',
    currency: 'USD',
    amount: 1_230,
    refunded: 0,
    merchantName: 'Shop',
    merchantCategory: '7311',
    merchantCountry: 'US',
    declineReason: null,
    declineText: null,
    createdAt: '2026-01-05T09:03:00Z',
    updatedAt: '2026-01-05T09:03:00Z',
    ...fields,
  };
}
