/**
 * Which open sheets lie under another one. A sheet may open a second one (a card's recharge sheet
 * opens customer service): the new one goes on top, and the one beneath is hidden — kept mounted,
 * with what the customer typed — until the top one closes (issue 18 §5; decisions.md "Fit and
 * finish"). Two bottom sheets showing at once, one peeking above the other under a doubled
 * backdrop, read as a glitch. Module state, since sheets of unrelated components must agree.
 */
import { useEffect, useSyncExternalStore } from 'react';

let stack: readonly string[] = [];
const listeners = new Set<() => void>();

function change(next: readonly string[]): void {
  stack = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => stack;

export interface SheetLayer {
  /** Another sheet opened over this one: hide this one until it closes. */
  beneath: boolean;
  /** This sheet lies over another: its own backdrop stays clear (the one beneath darkens already). */
  over: boolean;
}

export function useSheetLayer(id: string, open: boolean): SheetLayer {
  useEffect(() => {
    if (!open) return;
    change([...stack.filter((entry) => entry !== id), id]);
    return () => change(stack.filter((entry) => entry !== id));
  }, [id, open]);
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const index = current.indexOf(id);
  return {
    beneath: open && index >= 0 && index < current.length - 1,
    over: open && index > 0 && index === current.length - 1,
  };
}
