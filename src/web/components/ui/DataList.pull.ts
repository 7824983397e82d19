/**
 * Pull-to-refresh for the phone card list: a downward drag that starts while the page is
 * scrolled to the top pulls an indicator down; releasing past the threshold refreshes. Touch only
 * (mouse and keyboard users have the Refresh button). While a list with this gesture is on
 * screen, the browser's own pull-to-refresh (which would reload the whole app) is turned off.
 */
import { useEffect, useRef, useState, type TouchEvent } from 'react';

/** Pull distance (after resistance) that triggers a refresh. */
export const PULL_THRESHOLD = 64;
/** The indicator moves at half the finger's speed, so the pull feels elastic. */
const RESISTANCE = 0.5;
const MAX_PULL = 120;

export type PullState = 'idle' | 'pulling' | 'armed' | 'refreshing';

export interface PullToRefresh {
  state: PullState;
  /** Current pull distance in px, for the indicator. */
  distance: number;
  handlers: {
    onTouchStart: (event: TouchEvent) => void;
    onTouchMove: (event: TouchEvent) => void;
    onTouchEnd: () => void;
    onTouchCancel: () => void;
  };
}

export function usePullToRefresh(onRefresh: (() => unknown) | undefined): PullToRefresh {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);
  const enabled = Boolean(onRefresh);

  useEffect(() => {
    if (!enabled) return;
    const style = document.documentElement.style;
    const before = style.overscrollBehaviorY;
    style.overscrollBehaviorY = 'contain';
    return () => {
      style.overscrollBehaviorY = before;
    };
  }, [enabled]);

  const reset = () => {
    startY.current = null;
    setDistance(0);
  };

  const handlers = {
    onTouchStart: (event: TouchEvent) => {
      if (!enabled || refreshing || window.scrollY > 0) return;
      startY.current = event.touches[0]?.clientY ?? null;
    },
    onTouchMove: (event: TouchEvent) => {
      if (startY.current === null) return;
      const y = event.touches[0]?.clientY ?? startY.current;
      const pulled = (y - startY.current) * RESISTANCE;
      // Scrolling up, or the page moved meanwhile: this is not a pull.
      if (pulled <= 0 || window.scrollY > 0) return reset();
      setDistance(Math.min(MAX_PULL, pulled));
    },
    onTouchEnd: () => {
      const armed = distance >= PULL_THRESHOLD;
      reset();
      if (!armed || !onRefresh) return;
      setRefreshing(true);
      Promise.resolve()
        .then(onRefresh)
        .catch(() => undefined) // The caller's loader reports its own errors.
        .finally(() => setRefreshing(false));
    },
    onTouchCancel: reset,
  };

  const state: PullState = refreshing
    ? 'refreshing'
    : distance >= PULL_THRESHOLD
      ? 'armed'
      : distance > 0
        ? 'pulling'
        : 'idle';
  return { state, distance, handlers };
}
