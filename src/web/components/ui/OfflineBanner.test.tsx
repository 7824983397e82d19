// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShowsSnapshot } from '../../lib/shown-snapshot';
import { BACK_ONLINE_MS, OfflineBanner } from './OfflineBanner';

const NOW = Date.UTC(2026, 10, 26, 6, 0);

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

/** A page that shows data saved at `savedAt`, or nothing saved (null). */
function Page({ savedAt }: { savedAt: number | null }) {
  useShowsSnapshot(savedAt);
  return null;
}

function renderWith(savedAt: number | null) {
  return render(
    <>
      <OfflineBanner />
      <Page savedAt={savedAt} />
    </>,
  );
}

describe('OfflineBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('is empty while online, whatever the page shows', () => {
    renderWith(NOW - 12 * 60_000);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offline on a page that shows saved data: says so, with the age of the data', () => {
    renderWith(NOW - 12 * 60_000);
    act(() => goOffline(true));
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toBe(
      'You are offline. This page shows data saved 12 min ago; actions that need the network are unavailable.',
    );
    expect(banner.dataset.shows).toBe('saved');
    // The age keeps up while the banner stays.
    act(() => vi.advanceTimersByTime(60_000));
    expect(banner.textContent).toContain('data saved 13 min ago');
  });

  it('offline on a page with nothing saved: says the page needs the network', () => {
    renderWith(null);
    act(() => goOffline(true));
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toBe(
      'You are offline. This page needs the network; it will load when you are back online.',
    );
    expect(banner.dataset.shows).toBe('nothing');
  });

  it('follows the page: leaving a page with saved data for one without changes the words', () => {
    const view = renderWith(NOW);
    act(() => goOffline(true));
    expect(screen.getByTestId('offline-banner').textContent).toContain('data saved just now');
    view.rerender(
      <>
        <OfflineBanner />
        <Page savedAt={null} />
      </>,
    );
    expect(screen.getByTestId('offline-banner').textContent).toContain('This page needs the network');
  });

  it('says "Back online" for a moment when the connection returns', () => {
    renderWith(NOW);
    act(() => goOffline(true));
    act(() => goOffline(false));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByTestId('online-banner').textContent).toBe('Back online');
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the offline line straight away when the page opens offline', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderWith(null);
    expect(screen.getByTestId('offline-banner').dataset.shows).toBe('nothing');
  });

  it('speaks Chinese in Chinese', async () => {
    const { i18n } = await import('../../lib/i18n');
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      renderWith(NOW - 5 * 60_000);
      act(() => goOffline(true));
      expect(screen.getByTestId('offline-banner').textContent).toBe(
        '当前处于离线状态：本页显示的数据保存于 5 分钟前，需要网络的操作暂不可用。',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
