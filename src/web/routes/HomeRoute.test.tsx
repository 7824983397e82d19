// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/queryClient';
import { shellApi, storeSession } from '../testing/fixtures';
import { renderApp, stubApi } from '../testing/utils';

// jsdom has no IndexedDB; the home page keeps its offline snapshot there.
vi.mock('idb-keyval', async () => (await import('../testing/fixtures')).memoryIdb());

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('/home', () => {
  it('is the overview page inside the shell, with the notice carousel in the header', async () => {
    storeSession();
    stubApi(shellApi());
    renderApp('/home');
    const shell = await screen.findByTestId('shell', {}, { timeout: 8000 });
    expect(await within(shell).findByTestId('home-page', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(screen.getByTestId('header')).getByTestId('notice-center')).toBeTruthy();
  });
});
