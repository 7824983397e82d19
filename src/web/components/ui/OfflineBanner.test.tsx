// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_ONLINE_MS, OfflineBanner } from './OfflineBanner';

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

describe('OfflineBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('is empty while online', () => {
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so while offline, then "Back online" for a moment', () => {
    render(<OfflineBanner />);
    act(() => goOffline(true));
    expect(screen.getByTestId('offline-banner').textContent).toContain('You are offline');

    act(() => goOffline(false));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByTestId('online-banner').textContent).toBe('Back online');

    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the offline line straight away when the page opens offline', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    render(<OfflineBanner />);
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
  });
});
