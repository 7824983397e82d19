/** Subscribes to a CSS media query (e.g. the 768px breakpoint between phone and wide layouts). */
import { useCallback, useSyncExternalStore } from 'react';

export const WIDE_QUERY = '(min-width: 768px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false, // No window (server render): assume a phone, the design's first target.
  );
}
