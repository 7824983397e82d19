/**
 * A value once it has stopped changing for `ms` (the customer paused typing), else null: what a
 * quote is asked for, so typing "16000" sends one request rather than five. Values are compared
 * with ===, so pass text or numbers, not objects made anew on each render.
 */
import { useEffect, useState } from 'react';

export function useSettled<T>(value: T | null, ms: number): T | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled !== null && settled === value ? settled : null;
}
