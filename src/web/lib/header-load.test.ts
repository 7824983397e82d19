// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallet } from '../../contract/wallet';
import { stubApi } from '../testing/utils';
import { storeSession } from '../testing/fixtures';
import { headerLoad, HeaderLoadError } from './header-load';
import * as notify from './notify';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function walletQuery(client: QueryClient) {
  return client.fetchQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => headerLoad(wallet, {}, signal),
    staleTime: 0,
  });
}

describe('header loads (spec §7: only code 200 with data counts)', () => {
  it('answers the data of a 200', async () => {
    storeSession();
    stubApi(() => ({ code: 200, data: { CNY: 100, USD: 5 } }));
    await expect(headerLoad(wallet, {})).resolves.toEqual({ CNY: 100, USD: 5 });
  });

  it('treats a 200 without data as a failure', async () => {
    storeSession();
    stubApi(() => ({ code: 200, data: null }));
    await expect(headerLoad(wallet, {})).rejects.toBeInstanceOf(HeaderLoadError);
  });

  it('checks the shape it is told to (a page without its data.data list)', async () => {
    storeSession();
    stubApi(() => ({ code: 200, data: { total: 0 } }));
    const { list } = await import('../../contract/notices');
    await expect(
      headerLoad(list, { pageNo: 1, pageSize: 10 }, undefined, (page) => Array.isArray(page.data)),
    ).rejects.toBeInstanceOf(HeaderLoadError);
  });

  it.each([500, 422, 4030, 503])('a %i leaves the data unchanged and shows nothing', async (code) => {
    storeSession();
    const toast = vi.spyOn(notify, 'toastError');
    let answer: { code: number; msg?: string; data?: unknown } = { code: 200, data: { CNY: 100, USD: 5 } };
    stubApi(() => answer);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, {
      queryKey: ['wallet'],
      queryFn: ({ signal }) => headerLoad(wallet, {}, signal),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ CNY: 100, USD: 5 }));

    answer = { code, msg: 'nope', data: { CNY: 0 } };
    await observer.refetch();
    expect(observer.getCurrentResult().data).toEqual({ CNY: 100, USD: 5 });
    expect(toast).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('(unlike an ordinary call, which shows the catalogue message)', async () => {
    storeSession();
    const toast = vi.spyOn(notify, 'toastError');
    stubApi(() => ({ code: 500, msg: '' }));
    const { call } = await import('./http');
    await expect(call(wallet, {})).rejects.toBeTruthy();
    expect(toast).toHaveBeenCalledWith('Server exception, please try again later');
  });

  it('the first load failing leaves no data rather than a wrong one', async () => {
    storeSession();
    stubApi(() => ({ code: 500, msg: '' }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(walletQuery(client)).rejects.toBeTruthy();
    expect(client.getQueryData(['wallet'])).toBeUndefined();
  });
});
