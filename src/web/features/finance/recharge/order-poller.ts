/**
 * Follows an order while its status sheet is open (issue 4 §3): one request at a time, backing off
 * 2 s, 3 s, 5 s, 8 s, then every 10 s, and stopping for good once the order is final, when the
 * sheet closes (`stop()`), or when the deadline passes (after one last look, so a payment made in
 * the last seconds is not reported as expired). Plain timers and callbacks, no React, so the
 * schedule can be tested with fake timers.
 */
import type { OrderStatus, TopupOrder } from './api';

export const POLL_DELAYS_MS = [2000, 3000, 5000, 8000, 10_000] as const;

const FINAL: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['paid', 'failed', 'expired']);

export function isFinal(status: OrderStatus): boolean {
  return FINAL.has(status);
}

/**
 * USDT: once the transfer is seen on chain (`confirming`) the payment deadline no longer matters;
 * the confirmation window does, with this much slack for a slow chain.
 */
export const CONFIRM_GRACE_MS = 10 * 60_000;

/** When polling gives up on an order: its payment deadline, or the end of its confirmation window. */
export function deadlineOf(order: TopupOrder): number {
  const parsed = Date.parse(order.expiresAt);
  // An unreadable time must not end polling at once; closing the sheet still stops it.
  const expires = Number.isFinite(parsed) ? parsed : Number.POSITIVE_INFINITY;
  if (order.status === 'confirming' && order.confirmAt) {
    const confirm = Date.parse(order.confirmAt);
    if (Number.isFinite(confirm)) return Math.max(expires, confirm + CONFIRM_GRACE_MS);
  }
  return expires;
}

export interface PollerOptions {
  /** Reads the order's state (GET recharge/status). */
  load: () => Promise<TopupOrder>;
  onOrder: (order: TopupOrder) => void;
  /** Epoch ms; read before every step because it moves when a USDT order starts confirming. */
  deadline: () => number;
  /** Called once when the deadline passed and the last look still found no final state. */
  onDeadline: () => void;
  /**
   * True while changes arrive by themselves (the live stream is up): a round is then skipped, the
   * schedule and the last look at the deadline kept. The stream's `orders` event loads through `run`.
   */
  skip?: () => boolean;
}

export interface Poller {
  stop: () => void;
  /**
   * Runs a request outside the schedule ("I have paid") but never beside a poll: null when one is
   * in flight. A poll that falls due meanwhile waits for it.
   */
  run: (request: () => Promise<TopupOrder>) => Promise<TopupOrder | null>;
}

export function startPoller(options: PollerOptions): Poller {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let dueWhileBusy = false;
  let stopped = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
  };

  const accept = (order: TopupOrder) => {
    if (stopped) return;
    options.onOrder(order);
    if (isFinal(order.status)) stop();
  };

  const schedule = () => {
    if (stopped) return;
    const delay = POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)] ?? 10_000;
    const left = options.deadline() - Date.now();
    timer = setTimeout(tick, Math.max(0, Math.min(delay, left)));
  };

  const afterPoll = (last: boolean) => {
    if (stopped) return;
    if (last) {
      stop();
      options.onDeadline();
      return;
    }
    attempt += 1;
    schedule();
  };

  function tick() {
    timer = undefined;
    if (stopped) return;
    if (busy) {
      dueWhileBusy = true;
      return;
    }
    const last = !(Date.now() < options.deadline());
    if (!last && options.skip?.()) {
      afterPoll(false);
      return;
    }
    busy = true;
    options.load().then(
      (order) => {
        busy = false;
        accept(order);
        afterPoll(last);
      },
      () => {
        busy = false; // A failed look (offline, server busy) just waits for the next one.
        afterPoll(last);
      },
    );
  }

  const run = async (request: () => Promise<TopupOrder>): Promise<TopupOrder | null> => {
    if (busy) return null;
    busy = true;
    try {
      const order = await request();
      accept(order);
      return order;
    } finally {
      busy = false;
      if (dueWhileBusy) {
        dueWhileBusy = false;
        tick();
      }
    }
  };

  schedule();
  return { stop, run };
}
