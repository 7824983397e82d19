// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { info } from '../../contract/account';
import { loginPwd, logout, signupCode } from '../../contract/auth';
import { endpoint } from '../../contract/core';
import { stubApi } from '../testing/utils';
import {
  ApiError,
  call,
  download,
  fileNameOf,
  newIdempotencyKey,
  setRightsRefresh,
  setSignInRedirect,
} from './http';
import { toastError } from './notify';
import { saveTokens } from './session';
import { getItem, setItem } from './storage';

vi.mock('./notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const OLD = { access_token: 'old-access-token', access_overtime: 1, refresh_token: 'old-refresh-token-0123' };
const NEW = { access_token: 'new-access-token', access_overtime: 2, refresh_token: 'new-refresh-token-0123' };

const user = { userId: 'u1', email: 'ada@example.com', nickname: null, mobile: null };

/** A money-moving endpoint shaped like the ones later issues add. */
const recharge = endpoint({
  id: 'test.recharge',
  method: 'POST',
  path: '/api/card/recharge',
  encoding: 'json',
  auth: 'bearer',
  idempotent: true,
  summary: 'test',
  request: z.object({ cardId: z.string(), amount: z.number().int(), currency: z.literal('USD') }),
  response: z.object({ balance: z.number().int() }),
});

const upload = endpoint({
  id: 'test.upload',
  method: 'POST',
  path: '/api/account/topup/upload',
  encoding: 'multipart',
  auth: 'bearer',
  summary: 'test',
  request: z.object({ file: z.instanceof(Blob), ticketId: z.string() }),
  response: z.object({ url: z.string() }),
});

const redirect = vi.fn();

beforeEach(() => {
  setSignInRedirect(redirect);
  redirect.mockClear();
  vi.mocked(toastError).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call: transport', () => {
  it('sends GET inputs as the query, with the Bearer token and the language', async () => {
    saveTokens(OLD);
    setItem('lang', 'en');
    const { requests } = stubApi(() => ({ code: 200, data: user }));
    await expect(call(info, {})).resolves.toEqual(user);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('authorization')).toBe('Bearer old-access-token');
    expect(request?.headers.get('accept-language')).toBe('en');
  });

  it('maps the cn setting to zh-CN and leaves public calls without authorization', async () => {
    saveTokens(OLD);
    setItem('lang', 'cn');
    const { requests } = stubApi(() => ({ code: 200, data: { expiresIn: 600, resendIn: 60 } }));
    await call(signupCode, { email: 'ada@example.com' });
    expect(requests[0]?.query.get('email')).toBe('ada@example.com');
    expect(requests[0]?.headers.get('accept-language')).toBe('zh-CN');
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('sends token-issuing calls form-encoded with the Basic client authorization', async () => {
    const { requests } = stubApi(() => ({ code: 200, data: NEW }));
    await call(loginPwd, { username: 'ada@example.com', password: 'pw', captchaId: undefined });
    const [request] = requests;
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa('portal:portal')}`);
    expect(request?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      username: 'ada@example.com',
      password: 'pw',
    });
  });

  it('sends JSON endpoints as JSON and multipart endpoints as form data', async () => {
    saveTokens(OLD);
    const { requests } = stubApi((r) => ({
      code: 200,
      data: r.path.endsWith('upload') ? { url: '/u/1' } : { balance: 1 },
    }));
    await call(recharge, { cardId: 'c1', amount: 1000, currency: 'USD' });
    await call(upload, { file: new Blob(['proof'], { type: 'image/png' }), ticketId: 't1' });
    expect(requests[0]?.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ cardId: 'c1', amount: 1000, currency: 'USD' });
    expect(requests[1]?.headers.get('content-type')).toContain('multipart/form-data');
    expect(requests[1]?.body).toContain('name="ticketId"');
    // jsdom's Blob cannot be read by Node's fetch, so only the file part's header is checked.
    expect(requests[1]?.body).toMatch(/name="file"; filename="blob"\r\nContent-Type: image\/png/);
  });

  it('rejects with a typed ApiError and toasts the catalogue message', async () => {
    saveTokens(OLD);
    stubApi(() => ({ code: 422, msg: 'Insufficient balance', data: { need: 100 } }));
    const error = await call(info, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 422,
      msg: 'Insufficient balance',
      data: { need: 100 },
      path: '/api/user/info',
    });
    expect(toastError).toHaveBeenCalledWith('Insufficient balance');
  });

  it('never toasts a 428: the caller asks for the step', async () => {
    stubApi(() => ({ code: 428, msg: 'Captcha required', data: { need: 'captcha' } }));
    await expect(call(loginPwd, { username: 'ada@example.com', password: 'pw' })).rejects.toMatchObject({
      code: 428,
    });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows the request-address error when there is no answer at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(signupCode, { email: 'ada@example.com' })).rejects.toMatchObject({ code: 0 });
    expect(toastError).toHaveBeenCalledWith('Error requesting address. /api/user/signup/code');
  });
});

describe('call: session', () => {
  it('refreshes once for parallel 600s and retries each call with the new token', async () => {
    saveTokens(OLD);
    const { requests } = stubApi(async (r) => {
      if (r.path === '/api/oauth/token') {
        await new Promise((resolve) => setTimeout(resolve, 20)); // Let every call hit its 600 first.
        return { code: 200, data: NEW };
      }
      const bearer = r.headers.get('authorization');
      return bearer === `Bearer ${NEW.access_token}`
        ? { code: 200, data: user }
        : { code: 600, msg: 'expired' };
    });

    const results = await Promise.all([call(info, {}), call(info, {}), call(info, {})]);

    expect(results).toEqual([user, user, user]);
    const refreshes = requests.filter((r) => r.path === '/api/oauth/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers.get('authorization')).toBe(`Basic ${btoa('portal:portal')}`);
    expect(Object.fromEntries(new URLSearchParams(refreshes[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: OLD.refresh_token,
    });
    expect(getItem('access_token')).toBe(NEW.access_token);
    expect(getItem('refresh_token')).toBe(NEW.refresh_token);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('reuses the idempotency key of a money call on the retry after a refresh', async () => {
    saveTokens(OLD);
    const { requests } = stubApi((r) => {
      if (r.path === '/api/oauth/token') return { code: 200, data: NEW };
      return r.headers.get('authorization') === `Bearer ${NEW.access_token}`
        ? { code: 200, data: { balance: 5 } }
        : { code: 600 };
    });
    await call(recharge, { cardId: 'c1', amount: 1000, currency: 'USD' });
    const keys = requests
      .filter((r) => r.path === '/api/card/recharge')
      .map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses the idempotency key the caller made, and none on other calls', async () => {
    saveTokens(OLD);
    const { requests } = stubApi((r) => ({
      code: 200,
      data: r.path.endsWith('recharge') ? { balance: 1 } : user,
    }));
    const key = newIdempotencyKey();
    await call(recharge, { cardId: 'c1', amount: 1, currency: 'USD' }, { idempotencyKey: key });
    await call(info, {});
    expect(requests[0]?.headers.get('idempotency-key')).toBe(key);
    expect(requests[1]?.headers.get('idempotency-key')).toBeNull();
  });

  it('signs out when the refresh fails (610): storage cleared, one toast, back to sign-in', async () => {
    saveTokens(OLD);
    setItem('username', 'ada@example.com');
    setItem('autoLogin', true);
    stubApi((r) => (r.path === '/api/oauth/token' ? { code: 610, msg: 'reused' } : { code: 600 }));

    await expect(call(info, {})).rejects.toMatchObject({ code: 600 });

    expect(getItem('access_token')).toBeNull();
    expect(getItem('refresh_token')).toBeNull();
    expect(getItem('username')).toBe('ada@example.com');
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Permissions expired or expired, please login');
  });

  it.each([401, 403, 610])('signs out on %i from a signed-in call', async (code) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000 * code); // Past the duplicate-toast window of earlier tests.
    saveTokens(OLD);
    stubApi(() => ({ code, msg: 'revoked' }));
    await expect(call(logout, {})).rejects.toMatchObject({ code });
    expect(getItem('access_token')).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('does not sign out on 4030 (no permission for this action)', async () => {
    saveTokens(OLD);
    stubApi(() => ({ code: 4030, msg: 'No permission for this action' }));
    await expect(call(info, {})).rejects.toMatchObject({ code: 4030 });
    expect(getItem('access_token')).toBe(OLD.access_token);
    expect(redirect).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('No permission for this action');
  });

  it('asks for the rights again on 4030, through the registered refresh', async () => {
    const refresh = vi.fn();
    setRightsRefresh(refresh);
    saveTokens(OLD);
    stubApi(() => ({ code: 4030, msg: 'No permission for this action' }));
    await expect(call(info, {})).rejects.toMatchObject({ code: 4030 });
    expect(refresh).toHaveBeenCalledTimes(1);
    setRightsRefresh(() => undefined);
  });
});

describe('download', () => {
  const flowDown = endpoint({
    id: 'test.flowDown',
    method: 'GET',
    path: '/api/account/flowDown',
    encoding: 'query',
    auth: 'bearer',
    answer: 'file',
    summary: 'test',
    request: z.object({ currency: z.string().optional(), format: z.enum(['xlsx', 'csv']) }),
    response: z.null(),
  });

  /** Answers the file for the new token and 600 (as an envelope) for any other. */
  function stubFile(disposition: string | null, okToken = OLD.access_token) {
    const requests: Request[] = [];
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      if (new URL(request.url).pathname === '/api/oauth/token') {
        return Response.json({ code: 200, msg: '', data: NEW, path: '/api/oauth/token' });
      }
      if (request.headers.get('authorization') !== `Bearer ${okToken}`) {
        return Response.json({ code: 600, msg: 'expired', data: null, path: '/api/account/flowDown' });
      }
      const headers = new Headers({ 'Content-Type': 'text/csv; charset=utf-8' });
      if (disposition) headers.set('Content-Disposition', disposition);
      return new Response('a,b\n1,2\n', { status: 200, headers });
    });
    vi.stubGlobal('fetch', fetchStub);
    return requests;
  }

  it('sends the query with the Bearer token and names the file from Content-Disposition', async () => {
    saveTokens(OLD);
    const requests = stubFile(`attachment; filename="flows.csv"; filename*=UTF-8''%E8%B4%A2%E5%8A%A1.csv`);
    const file = await download(flowDown, { currency: 'USD', format: 'csv' });
    expect(file.fileName).toBe('财务.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/api/account/flowDown');
    expect(Object.fromEntries(url.searchParams)).toEqual({ currency: 'USD', format: 'csv' });
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${OLD.access_token}`);
  });

  it('answers a null name when the header is missing', async () => {
    saveTokens(OLD);
    stubFile(null);
    await expect(download(flowDown, { format: 'xlsx' })).resolves.toMatchObject({ fileName: null });
  });

  it('refreshes the token once on 600 and retries the download', async () => {
    saveTokens(OLD);
    const requests = stubFile('attachment; filename=flows.xlsx', NEW.access_token);
    const file = await download(flowDown, { format: 'xlsx' });
    expect(file.fileName).toBe('flows.xlsx');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/account/flowDown',
      '/api/oauth/token',
      '/api/account/flowDown',
    ]);
  });

  it('turns an error envelope into an ApiError and shows its message', async () => {
    saveTokens(OLD);
    stubApi(() => ({ code: 422, msg: 'Too many rows to export' }));
    const error = await download(flowDown, { format: 'csv' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 422, msg: 'Too many rows to export', path: '/api/account/flowDown' });
    expect(toastError).toHaveBeenCalledWith('Too many rows to export');
  });

  it('signs out on 401 like every other signed-in call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_000_000_000); // Past the duplicate-toast window of earlier tests.
    saveTokens(OLD);
    stubApi(() => ({ code: 401, msg: 'revoked' }));
    await expect(download(flowDown, { format: 'csv' }, { silent: true })).rejects.toMatchObject({
      code: 401,
    });
    expect(getItem('access_token')).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="report.csv"', 'report.csv'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment; filename="a \\"b\\".csv"', 'a "b".csv'],
    [`attachment; filename="x.csv"; filename*=UTF-8''%E6%B5%81%E6%B0%B4.csv`, '流水.csv'],
    [`attachment; filename*=UTF-8''%ZZ.csv; filename="fallback.csv"`, 'fallback.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename=..\\secret.csv', 'secret.csv'],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
