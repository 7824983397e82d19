// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBankLimitImage } from './bank-limit-image';
import { saveTokens } from '../../../lib/session';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

beforeEach(() => {
  saveTokens({ access_token: 'access-1', refresh_token: 'refresh-1', access_overtime: 4_102_444_800_000 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function image() {
  return new Response(SVG, { status: 200, headers: { 'Content-Type': 'image/svg+xml' } });
}

function envelope(code: number) {
  return new Response(JSON.stringify({ code, msg: '', data: null, path: '/api/account/bankLimitImg' }), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('fetchBankLimitImage', () => {
  it('sends the bearer token and the language, and answers the image as a Blob', async () => {
    const fetchStub = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => image());
    vi.stubGlobal('fetch', fetchStub);
    const blob = await fetchBankLimitImage(new AbortController().signal);
    expect(blob.type).toBe('image/svg+xml');
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/account\/bankLimitImg$/);
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('accept-language')).toBe('zh-CN');
  });

  it('refreshes an expired access token once and tries again', async () => {
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/oauth/token')) {
        return new Response(
          JSON.stringify({
            code: 200,
            msg: '',
            path: '/api/oauth/token',
            data: {
              access_token: 'access-2',
              refresh_token: 'refresh-2',
              access_overtime: 4_102_444_800_000,
            },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      }
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer access-2' ? image() : envelope(600);
    });
    vi.stubGlobal('fetch', fetchStub);
    const blob = await fetchBankLimitImage(new AbortController().signal);
    expect(blob.size).toBeGreaterThan(0);
  });

  it('rejects an answer that is not an image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(500)),
    );
    await expect(fetchBankLimitImage(new AbortController().signal)).rejects.toThrow();
  });
});
