/**
 * Windowing for the card list: of `count` rows of a fixed height, only those near the visible part
 * of the page are rendered; the rest is empty space of the right height above and below. The page
 * scrolls as a whole (the shell has no inner scroller), so the window is the viewport, measured
 * against the list's own position. With 10,000 cards the DOM holds a few dozen rows at most, and
 * a scroll only re-renders when the first or last rendered row changes.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Rows rendered beyond each edge of the viewport, so a fast fling does not show blank space. */
export const OVERSCAN_ROWS = 6;
/** Hard ceiling on rendered rows, whatever the screen height (issue 5: at most 60 in the DOM). */
export const MAX_RENDERED_ROWS = 60;

export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** Last rendered row (exclusive). */
  end: number;
  /** Empty space above and below the rendered rows, in px. */
  before: number;
  after: number;
}

/** The rows of `count` that a viewport `top..bottom` (px, relative to the list's top) needs. */
export function windowOf(count: number, rowHeight: number, top: number, bottom: number): RowWindow {
  const first = Math.max(0, Math.floor(Math.max(0, top) / rowHeight) - OVERSCAN_ROWS);
  const last = Math.min(count, Math.ceil(Math.max(0, bottom) / rowHeight) + OVERSCAN_ROWS);
  const start = Math.min(first, count);
  const end = Math.max(start, Math.min(last, start + MAX_RENDERED_ROWS));
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

export function useWindowedRows(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [range, setRange] = useState<{ top: number; bottom: number }>(() => ({
    top: 0,
    bottom: typeof window === 'undefined' ? 0 : window.innerHeight,
  }));
  const frame = useRef<number | null>(null);

  const measure = useCallback(() => {
    frame.current = null;
    const list = listRef.current;
    if (!list) return;
    const { top } = list.getBoundingClientRect();
    const next = { top: -top, bottom: window.innerHeight - top };
    setRange((previous) => {
      // Only a change of the rendered rows is worth a render.
      const a = windowOf(Number.MAX_SAFE_INTEGER, rowHeight, previous.top, previous.bottom);
      const b = windowOf(Number.MAX_SAFE_INTEGER, rowHeight, next.top, next.bottom);
      return a.start === b.start && a.end === b.end ? previous : next;
    });
  }, [listRef, rowHeight]);

  useLayoutEffect(() => {
    measure();
    const schedule = () => {
      if (frame.current === null) frame.current = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [measure]);

  // The list's position moves when content above it changes (filters folded, a batch bar shown).
  useLayoutEffect(() => {
    measure();
  }, [count, measure]);

  return windowOf(count, rowHeight, range.top, range.bottom);
}
