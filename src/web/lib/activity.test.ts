// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS, IDLE_LIMIT_MS, STAMP_EVERY_MS, startActivityMonitor } from './activity';
import { getItem, setItem } from './storage';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

function press() {
  window.dispatchEvent(new Event('pointerdown'));
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('activity stamp and idle logout (spec §4, §9)', () => {
  let stop: () => void = () => {};

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('uses the spec constants', () => {
    expect(IDLE_LIMIT_MS).toBe(7_200_000);
    expect(STAMP_EVERY_MS).toBe(60_000);
    expect(CHECK_EVERY_MS).toBe(60_000);
  });

  it('stamps on start when there is no stamp yet', () => {
    stop = startActivityMonitor({ onIdle: vi.fn() });
    expect(getItem('lastActivity')).toBe(START);
  });

  it('refreshes the stamp at most once every 60 s', () => {
    const write = vi.spyOn(Storage.prototype, 'setItem');
    stop = startActivityMonitor({ onIdle: vi.fn() });
    const writes = () => write.mock.calls.filter(([key]) => key === 'lastActivity').length;
    expect(writes()).toBe(1);

    vi.advanceTimersByTime(30_000);
    press();
    press();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(writes()).toBe(1);
    expect(getItem('lastActivity')).toBe(START);

    vi.advanceTimersByTime(30_000); // 60 s after the stamp
    press();
    expect(writes()).toBe(2);
    expect(getItem('lastActivity')).toBe(START + 60_000);
    press();
    expect(writes()).toBe(2);
    write.mockRestore();
  });

  it('counts the page becoming visible as activity, not it becoming hidden', () => {
    stop = startActivityMonitor({ onIdle: vi.fn() });
    vi.advanceTimersByTime(90_000);
    setVisibility('hidden');
    expect(getItem('lastActivity')).toBe(START);
    setVisibility('visible');
    expect(getItem('lastActivity')).toBe(START + 90_000);
  });

  it('signs out once after 2 hours without activity (checked every minute)', () => {
    const onIdle = vi.fn();
    stop = startActivityMonitor({ onIdle });
    vi.advanceTimersByTime(IDLE_LIMIT_MS);
    expect(onIdle).not.toHaveBeenCalled(); // exactly 2 h is not over the limit
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * CHECK_EVERY_MS);
    press();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity keeps the session alive', () => {
    const onIdle = vi.fn();
    stop = startActivityMonitor({ onIdle });
    for (let minute = 0; minute < 300; minute += 30) {
      vi.advanceTimersByTime(30 * 60_000);
      press();
    }
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('signs out at once on start when the stored stamp is older than 2 hours', () => {
    setItem('lastActivity', START - IDLE_LIMIT_MS - 1);
    const onIdle = vi.fn();
    stop = startActivityMonitor({ onIdle });
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(getItem('lastActivity')).toBe(START - IDLE_LIMIT_MS - 1);
  });

  it('a tab woken after hours signs out instead of counting the wake-up as activity', () => {
    const onIdle = vi.fn();
    stop = startActivityMonitor({ onIdle });
    // Timers of a background tab may not run; only the clock moves on.
    vi.setSystemTime(START + 3 * 3_600_000);
    setVisibility('visible');
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('shares the stamp between tabs: activity elsewhere keeps this tab alive', () => {
    const onIdle = vi.fn();
    stop = startActivityMonitor({ onIdle });
    vi.advanceTimersByTime(IDLE_LIMIT_MS - 60_000);
    setItem('lastActivity', Date.now()); // another tab
    vi.advanceTimersByTime(30 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('takes an injected clock and limits', () => {
    let now = 1_000;
    const onIdle = vi.fn();
    stop = startActivityMonitor({ onIdle, now: () => now, idleLimitMs: 5_000, checkEveryMs: 1_000 });
    now = 6_001;
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const onIdle = vi.fn();
    startActivityMonitor({ onIdle })();
    vi.advanceTimersByTime(3 * IDLE_LIMIT_MS);
    press();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
