/**
 * A seconds countdown (spec §4): ticks every second and signals completion at zero. The remaining
 * time is computed from an end instant rather than by decrementing, so a throttled background tab
 * still shows the right value when it wakes up.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export const TICK_MS = 1000;

export interface CountdownState {
  /** Whole seconds left (0 when idle or finished). */
  left: number;
  running: boolean;
  start: (seconds: number) => void;
}

/**
 * @param onDone called once when a run reaches zero
 * @param initialSeconds start running immediately on mount
 */
export function useCountdown(onDone?: () => void, initialSeconds?: number): CountdownState {
  const [endAt, setEndAt] = useState<number | null>(() =>
    initialSeconds === undefined ? null : Date.now() + initialSeconds * TICK_MS,
  );
  const [now, setNow] = useState(() => Date.now());
  const finish = useEffectEvent(() => onDone?.());

  useEffect(() => {
    if (endAt === null) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= endAt) {
        clearInterval(timer);
        setEndAt(null);
        finish();
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const from = Date.now();
    setNow(from);
    setEndAt(from + seconds * TICK_MS);
  }, []);

  const left = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / TICK_MS));
  return { left, running: endAt !== null, start };
}

/** 3725 -> "01:02:05". */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return parts.map((n) => String(n).padStart(2, '0')).join(':');
}
