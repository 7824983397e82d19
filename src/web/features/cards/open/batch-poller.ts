/**
 * Follows a batch opening (issue 5 §2: "a batch ... shows progress in the PWA") by asking
 * `batchCard` about every 500 ms, one request at a time, until the batch is done or failed or the
 * caller stops it. A failed look (the batch not known yet, the network) just waits for the next
 * one; `maxFailures` in a row end it when given — used once the opening request itself has lost
 * its answer, so the page does not wait for ever. Plain timers, no React: fake timers test it.
 */
import type { BatchResult } from './api';

export const BATCH_POLL_MS = 500;

export interface BatchPollerOptions {
  load: () => Promise<BatchResult>;
  onProgress: (result: BatchResult) => void;
  /** Called once with the first answer that is done or failed; polling has stopped by then. */
  onFinal?: (result: BatchResult) => void;
  /** Called once when `maxFailures` looks in a row failed; polling has stopped by then. */
  onGiveUp?: () => void;
  intervalMs?: number;
}

export interface BatchPoller {
  stop: () => void;
  /** From now on, this many failed looks in a row end the polling (Infinity: never). */
  limitFailures: (maxFailures: number) => void;
}

export function isFinalBatch(result: BatchResult): boolean {
  return result.status === 'done' || result.status === 'failed';
}

export function startBatchPoller(options: BatchPollerOptions): BatchPoller {
  const interval = options.intervalMs ?? BATCH_POLL_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;
  let maxFailures = Number.POSITIVE_INFINITY;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
  };

  const schedule = () => {
    if (!stopped) timer = setTimeout(tick, interval);
  };

  function tick() {
    timer = undefined;
    if (stopped) return;
    options.load().then(
      (result) => {
        if (stopped) return;
        failures = 0;
        options.onProgress(result);
        if (isFinalBatch(result)) {
          stop();
          options.onFinal?.(result);
          return;
        }
        schedule();
      },
      () => {
        if (stopped) return;
        failures += 1;
        if (failures >= maxFailures) {
          stop();
          options.onGiveUp?.();
          return;
        }
        schedule();
      },
    );
  }

  schedule();
  return {
    stop,
    limitFailures: (limit) => {
      maxFailures = limit;
      failures = 0;
    },
  };
}
