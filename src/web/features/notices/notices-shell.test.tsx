// @vitest-environment jsdom
/** Notices in the shell (spec §2 header, §4 unread → read, §7 header loads), against a fake API. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../lib/notify';
import { queryClient } from '../../lib/queryClient';
import { appStore } from '../../lib/session';
import { setWidth } from '../../testing/browser';
import { shellApi, storeSession } from '../../testing/fixtures';
import { renderApp, stubApi, type Recorded } from '../../testing/utils';
import { CLOSED, noticeDialogAtom } from './atoms';

// jsdom has no IndexedDB; the home page keeps its offline snapshot there.
vi.mock('idb-keyval', async () => (await import('../../testing/fixtures')).memoryIdb());

vi.setConfig({ testTimeout: 20_000 });
const WAIT = { timeout: 8000 };

async function home(width = 1280, api = shellApi()) {
  setWidth(width);
  storeSession();
  const stub = stubApi(api);
  const view = renderApp('/home');
  // The notices have arrived when the notice slot is filled: on a phone the banner's ticker takes
  // the carousel's place while there is one (issue 34 §2).
  await screen.findByTestId(width < 768 ? 'notice-banner' : 'notice-carousel-item', {}, WAIT);
  return { ...stub, ...view };
}

const calls = (requests: Recorded[], path: string) => requests.filter((r) => r.path === path);

async function openMore() {
  fireEvent.click(screen.getByTestId('notices-more'));
  return screen.findByTestId('notice-dialog', {}, WAIT);
}

afterEach(() => {
  queryClient.clear();
  appStore.set(noticeDialogAtom, CLOSED);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setWidth(1024);
});

describe('header notices', () => {
  it('loads page 1 of 10 and shows the titles in the carousel, with the unread count', async () => {
    const { requests } = await home();
    const query = calls(requests, '/api/notice/list')[0]?.query;
    expect(query?.get('pageNo')).toBe('1');
    expect(query?.get('pageSize')).toBe('10');
    expect(screen.getByTestId('notice-carousel-item').textContent).toMatch(/Maintenance|Never share/);
    expect((await screen.findByTestId('notices-unread')).textContent).toContain('2');
  });

  it('leave the notice the banner shows out of the carousel, and take it back once dismissed', async () => {
    await home();
    const banner = await screen.findByTestId('notice-banner', {}, WAIT);
    await waitFor(() =>
      expect(screen.getByTestId('notice-carousel-item').textContent).toContain(
        'Never share 3-D Secure codes',
      ),
    );
    fireEvent.click(within(banner).getByTestId('notice-banner-ok'));
    await waitFor(() => expect(screen.queryByTestId('notice-banner')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('notice-carousel-item').textContent).toContain('Maintenance on Sunday'),
    );
  });

  it('reload whenever the route becomes /home', async () => {
    const { requests, router } = await home();
    const before = calls(requests, '/api/notice/list').length;
    await act(() => router.navigate({ to: '/noPermission' }));
    await act(() => router.navigate({ to: '/home' }));
    await waitFor(() => expect(calls(requests, '/api/notice/list').length).toBe(before + 1));
  });

  it('keep what they show when a reload fails, without a message', async () => {
    let fail = false;
    const api = shellApi({
      override: (path) => (fail && path.startsWith('/api/notice/') ? { code: 500 } : undefined),
    });
    const toast = vi.spyOn(notify, 'toastError');
    const { requests, router } = await home(1280, api);
    fail = true;
    await act(() => router.navigate({ to: '/noPermission' }));
    await act(() => router.navigate({ to: '/home' }));
    await waitFor(() => expect(calls(requests, '/api/notice/list').length).toBe(2));
    expect((await screen.findByTestId('notice-carousel-item')).textContent).toContain(
      'Never share 3-D Secure codes',
    );
    expect(screen.getByTestId('notices-unread').textContent).toContain('2');
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('"more notices" dialog', () => {
  it('is 900 px wide on a wide screen and lists the notices beside a reading pane', async () => {
    await home();
    const dialog = await openMore();
    const popup = document.querySelector<HTMLElement>('.adm-center-popup');
    expect(popup?.style.getPropertyValue('--max-width')).toContain('900px');
    expect(within(dialog).getAllByTestId('notice-list-item')).toHaveLength(3);
    expect(within(dialog).queryByTestId('notice-reader')).toBeNull();
  });

  it('opening an unread notice marks it read; the body is sanitised', async () => {
    const { requests } = await home();
    const dialog = await openMore();
    const [, second] = within(dialog).getAllByTestId('notice-list-item');
    fireEvent.click(second as HTMLElement);
    const reader = await within(dialog).findByTestId('notice-reader');
    expect(within(reader).getByRole('heading').textContent).toBe('Never share 3-D Secure codes');
    const body = within(reader).getByTestId('notice-body');
    expect(body.innerHTML).toBe('<p>Our staff never ask for them.</p><img>');
    await waitFor(() =>
      expect(calls(requests, '/api/notice/readNotice').map((r) => r.query.get('id'))).toEqual(['n2']),
    );
    await waitFor(() => expect(second?.getAttribute('data-read')).toBe('true'));
    expect(screen.getByTestId('notices-unread').textContent).toContain('1');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('a notice already read is not marked again', async () => {
    const { requests } = await home();
    const dialog = await openMore();
    fireEvent.click(within(dialog).getAllByTestId('notice-list-item')[2] as HTMLElement);
    await within(dialog).findByTestId('notice-reader');
    expect(calls(requests, '/api/notice/readNotice')).toEqual([]);
  });

  it('closing clears the selected notice', async () => {
    await home();
    let dialog = await openMore();
    fireEvent.click(within(dialog).getAllByTestId('notice-list-item')[0] as HTMLElement);
    await within(dialog).findByTestId('notice-reader');
    fireEvent.click(within(dialog).getByTestId('sheet-close'));
    expect(appStore.get(noticeDialogAtom)).toEqual(CLOSED);
    dialog = await openMore();
    expect(within(dialog).queryByTestId('notice-reader')).toBeNull();
  });

  it('the carousel opens the notice it shows', async () => {
    const { requests } = await home();
    await screen.findByTestId('notice-banner', {}, WAIT);
    await waitFor(() =>
      expect(screen.getByTestId('notice-carousel-item').getAttribute('data-notice-id')).toBe('n2'),
    );
    fireEvent.click(screen.getByTestId('notice-carousel-item'));
    const dialog = await screen.findByTestId('notice-dialog', {}, WAIT);
    expect(within(await within(dialog).findByTestId('notice-reader')).getByRole('heading').textContent).toBe(
      'Never share 3-D Secure codes',
    );
    await waitFor(() => expect(calls(requests, '/api/notice/readNotice')).toHaveLength(1));
  });

  it('on a phone: a full-height bottom sheet, the list and then the notice with a way back', async () => {
    await home(390);
    const dialog = await openMore();
    expect(document.querySelector('.adm-popup-body.cp-sheet-popup--full')).not.toBeNull();
    fireEvent.click(within(dialog).getAllByTestId('notice-list-item')[1] as HTMLElement);
    expect(dialog.querySelector('.cp-notice-dialog--reading')).not.toBeNull();
    fireEvent.click(await within(dialog).findByTestId('notice-back'));
    expect(dialog.querySelector('.cp-notice-dialog--reading')).toBeNull();
    expect(appStore.get(noticeDialogAtom)).toEqual({ open: true, selectedId: null });
  });
});

describe('scrolling banner', () => {
  it('"I know" dismisses the banner notice for good (moveNotice) and marks it read', async () => {
    const { requests } = await home();
    const banner = await screen.findByTestId('notice-banner', {}, WAIT);
    expect(banner.textContent).toContain('Maintenance on Sunday — Top-ups pause 02:00–04:00.');
    fireEvent.click(within(banner).getByTestId('notice-banner-ok'));
    await waitFor(() =>
      expect(calls(requests, '/api/notice/moveNotice').map((r) => r.query.get('id'))).toEqual(['n1']),
    );
    await waitFor(() => expect(screen.queryByTestId('notice-banner')).toBeNull());
    expect(screen.getByTestId('notices-unread').textContent).toContain('1');
  });

  it('shows only the newest banner notice: after one "I know" no older one follows', async () => {
    const api = shellApi({
      notices: [
        {
          id: 'b1',
          title: 'First banner',
          msg: '<p>one</p>',
          createTime: '2026-01-05T09:00:00Z',
          kind: 'banner',
          read: false,
        },
        {
          id: 'b2',
          title: 'Second banner',
          msg: '<p>two</p>',
          createTime: '2026-01-04T09:00:00Z',
          kind: 'banner',
          read: false,
        },
      ],
    });
    await home(1280, api);
    const banner = await screen.findByTestId('notice-banner', {}, WAIT);
    expect(banner.textContent).toContain('First banner');
    fireEvent.click(within(banner).getByTestId('notice-banner-ok'));
    await waitFor(() => expect(screen.queryByTestId('notice-banner')).toBeNull());
    // The older one is still in the notices list, unread.
    const dialog = await openMore();
    const older = within(dialog)
      .getAllByTestId('notice-list-item')
      .find((item) => item.getAttribute('data-notice-id') === 'b2');
    expect(older?.getAttribute('data-read')).toBe('false');
  });

  it('is on home only, not on the other pages', async () => {
    const { router } = await home();
    await screen.findByTestId('notice-banner', {}, WAIT);
    await act(() => router.navigate({ to: '/noPermission' }));
    await waitFor(() => expect(screen.queryByTestId('notice-banner')).toBeNull());
    await act(() => router.navigate({ to: '/home' }));
    expect(await screen.findByTestId('notice-banner', {}, WAIT)).toBeTruthy();
  });
});
