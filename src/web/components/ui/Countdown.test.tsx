// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown';
import { formatHms } from './useCountdown';

describe('formatHms', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [3725, '01:02:05'],
    [-5, '00:00:00'],
  ])('%i s -> %s', (seconds, text) => {
    expect(formatHms(seconds)).toBe(text);
  });
});

describe('Countdown (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks once a second, shows 00:00:00 at zero and signals completion once', () => {
    const onDone = vi.fn();
    render(<Countdown seconds={3} onDone={onDone} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('00:00:03');

    act(() => vi.advanceTimersByTime(999));
    expect(timer.textContent).toBe('00:00:03'); // Not a tick yet.

    act(() => vi.advanceTimersByTime(1));
    expect(timer.textContent).toBe('00:00:02');

    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:00:01');
    expect(onDone).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:00:00');
    expect(onDone).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(5000));
    expect(timer.textContent).toBe('00:00:00');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('formats hours for long countdowns', () => {
    render(<Countdown seconds={3661} />);
    expect(screen.getByRole('timer').textContent).toBe('01:01:01');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer').textContent).toBe('01:00:59');
  });
});
