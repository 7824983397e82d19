/**
 * The click guard of spec §5: after a click the control is disabled for 1000 ms (or the given
 * time), so a double tap cannot submit a form or send a code twice.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

export const CLICK_GUARD_MS = 1000;

export interface ClickGuard {
  /** Pass to the button's `disabled`. */
  guarded: boolean;
  /** Wraps a handler: runs it unless guarded, then guards for the configured time. */
  guard: <A extends unknown[]>(handler: (...args: A) => void) => (...args: A) => void;
}

export function useClickGuard(ms: number = CLICK_GUARD_MS): ClickGuard {
  const [guarded, setGuarded] = useState(false);
  // A ref as well as state: two clicks in the same frame both see the old state value.
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const guard = useCallback(
    <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        if (busy.current) return;
        busy.current = true;
        setGuarded(true);
        timer.current = setTimeout(() => {
          busy.current = false;
          setGuarded(false);
        }, ms);
        handler(...args);
      },
    [ms],
  );

  return { guarded, guard };
}

/**
 * The click guard for a form: the native submit is always prevented (even while guarded, or the
 * page would reload), and the action runs at most once per guard period.
 */
export function useGuardedSubmit(action: () => void, ms: number = CLICK_GUARD_MS) {
  const { guarded, guard } = useClickGuard(ms);
  const run = guard(action);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return { guarded, onSubmit };
}
