// @vitest-environment jsdom
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClickGuard } from './useClickGuard';

function Guarded({ onClick, ms }: { onClick: () => void; ms?: number }) {
  const { guarded, guard } = useClickGuard(ms);
  return (
    <button type="button" disabled={guarded} onClick={guard(onClick)}>
      Pay
    </button>
  );
}

describe('useClickGuard (spec §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('disables the button for 1000 ms after a click by default', () => {
    const onClick = vi.fn();
    render(<Guarded onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;

    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(999));
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(button.disabled).toBe(false);

    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ignores a second click in the same instant, before React re-renders', () => {
    const onClick = vi.fn();
    const { result } = renderHook(() => useClickGuard());
    const handler = result.current.guard(onClick);
    act(() => {
      handler();
      handler();
    });
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('honours a given time', () => {
    const onClick = vi.fn();
    render(<Guarded onClick={onClick} ms={3000} />);
    const button = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(2000));
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.disabled).toBe(false);
  });
});
