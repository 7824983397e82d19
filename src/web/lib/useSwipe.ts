/**
 * Horizontal swipe on an element with pointer events (touch, pen and mouse alike), without a
 * carousel library: a drag of at least SWIPE_DISTANCE pixels that is more horizontal than vertical
 * calls `onSwipe('next')` (right to left) or `onSwipe('previous')`. Vertical drags are left to the
 * page's scrolling (the element sets `touch-action: pan-y`). `offset` follows the finger so the
 * caller can move what is dragged.
 */
import { useCallback, useRef, useState, type PointerEvent } from 'react';

export const SWIPE_DISTANCE = 48;

export type SwipeDirection = 'next' | 'previous';

export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = useCallback((event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  }, []);

  const onPointerMove = useCallback((event: PointerEvent) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > Math.abs(event.clientY - from.y)) setOffset(dx);
  }, []);

  const end = useCallback(
    (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      setOffset(0);
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy))
        onSwipe(dx < 0 ? 'next' : 'previous');
    },
    [onSwipe],
  );

  const onPointerCancel = useCallback(() => {
    start.current = null;
    setOffset(0);
  }, []);

  return { offset, handlers: { onPointerDown, onPointerMove, onPointerUp: end, onPointerCancel } };
}
