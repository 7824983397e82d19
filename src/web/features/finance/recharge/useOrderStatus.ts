/**
 * The live state of an order for its status sheet: loads it again whenever the live stream says an
 * order changed, polls while `active` and the stream is down (order-poller.ts), offers
 * the "I have paid" check through the same single-flight poller, and refreshes the wallet atom
 * once the order is paid, so every balance on screen updates without a reload.
 */
import { useEffect, useRef, useState } from 'react';
import { isLive, onLiveChange } from '../../../lib/live-events';
import { refreshWallet } from '../../../lib/wallet';
import { checkOrder, loadOrder, type TopupOrder } from './api';
import { deadlineOf, isFinal, startPoller, type Poller } from './order-poller';

export interface OrderStatusState {
  order: TopupOrder;
  /** The deadline passed while the order was still open (the server will call it expired). */
  timedOut: boolean;
  checking: boolean;
  /** "I have paid"; resolves with the answer, or null when a status request was already in flight. */
  check: () => Promise<TopupOrder | null>;
}

export function useOrderStatus(initial: TopupOrder, active: boolean): OrderStatusState {
  const [order, setOrder] = useState(initial);
  const [timedOut, setTimedOut] = useState(false);
  const [checking, setChecking] = useState(false);
  const latest = useRef(initial);
  const poller = useRef<Poller | null>(null);
  const { orderId } = initial;
  const startsFinal = isFinal(initial.status);

  useEffect(() => {
    if (!active || startsFinal) return;
    const running = startPoller({
      load: () => loadOrder(orderId),
      onOrder: (next) => {
        latest.current = next;
        setOrder(next);
      },
      deadline: () => deadlineOf(latest.current),
      onDeadline: () => setTimedOut(true),
      skip: isLive,
    });
    poller.current = running;
    // The live stream says when an order of this account changed: look at once.
    const stopListening = onLiveChange(['orders'], () => void running.run(() => loadOrder(orderId)));
    return () => {
      stopListening();
      running.stop();
      if (poller.current === running) poller.current = null;
    };
  }, [active, orderId, startsFinal]);

  const paid = order.status === 'paid';
  useEffect(() => {
    if (paid) void refreshWallet();
  }, [paid]);

  const check = async (): Promise<TopupOrder | null> => {
    const running = poller.current;
    if (!running) return null;
    setChecking(true);
    try {
      return await running.run(() => checkOrder(orderId));
    } catch {
      return null; // The HTTP layer has told the user what went wrong.
    } finally {
      setChecking(false);
    }
  };

  return { order, timedOut, checking, check };
}
