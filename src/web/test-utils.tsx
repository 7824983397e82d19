/**
 * Helpers for page-level tests: the real app (router, providers) on a memory history, and a fetch
 * stub that answers in the API envelope.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from './App';
import { i18n } from './lib/i18n';
import { createAppRouter } from './router';

export function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const view = render(<App router={router} i18n={i18n} />);
  return { router, ...view };
}

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
}

type Reply = { code: number; msg?: string; data?: unknown };
type Responder = (request: Recorded) => Reply | Promise<Reply>;

/** Stubs fetch; every request is recorded and answered by `respond` as an envelope. */
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
    const status = reply.code >= 100 && reply.code < 600 ? reply.code : 400;
    return new Response(JSON.stringify({ msg: '', data: null, path: url.pathname, ...reply }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}
