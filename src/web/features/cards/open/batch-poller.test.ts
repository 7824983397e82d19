// @vitest-environment jsdom
/** The batch follower on fake timers: cadence, one request at a time, the end, giving up. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchResult } from './api';
import { BATCH_POLL_MS, startBatchPoller } from './batch-poller';
import { batchOf } from '../../../testing/card-open';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function answers(list: Array<BatchResult | Error>, delayMs = 0) {
  let calls = 0;
  let running = 0;
  let overlapped = false;
  const load = vi.fn(async () => {
    running += 1;
    overlapped ||= running > 1;
    const answer = list[Math.min(calls, list.length - 1)] ?? new Error('none');
    calls += 1;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    running -= 1;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { load, overlapped: () => overlapped };
}

describe('startBatchPoller', () => {
  it('asks every 500 ms, reports progress, and stops at the final answer', async () => {
    const { load } = answers([
      batchOf('b', 20, 3, 'issuing'),
      batchOf('b', 20, 11, 'issuing'),
      batchOf('b', 20, 20, 'done'),
    ]);
    const onProgress = vi.fn();
    const onFinal = vi.fn();
    startBatchPoller({ load, onProgress, onFinal });

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 2);
    expect(onProgress.mock.calls.map(([r]) => (r as BatchResult).issued)).toEqual([3, 11, 20]);
    expect(onFinal).toHaveBeenCalledTimes(1);
    expect((onFinal.mock.calls[0]?.[0] as BatchResult).status).toBe('done');

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 4);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never has two requests in flight: the next waits for the previous answer', async () => {
    const slow = answers([batchOf('b', 5, 1, 'issuing')], 1200);
    const poller = startBatchPoller({ load: slow.load, onProgress: () => undefined });
    await vi.advanceTimersByTimeAsync(5000);
    poller.stop();
    expect(slow.overlapped()).toBe(false);
    // 500 ms wait + 1200 ms answer per look: 5000 ms hold three looks, not ten.
    expect(slow.load.mock.calls.length).toBe(3);
  });

  it('keeps asking through failed looks, until a failure limit is set and reached', async () => {
    const { load } = answers([new Error('not yet')]);
    const onGiveUp = vi.fn();
    const poller = startBatchPoller({ load, onProgress: () => undefined, onGiveUp });
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 10);
    expect(load).toHaveBeenCalledTimes(10);
    expect(onGiveUp).not.toHaveBeenCalled();

    poller.limitFailures(3);
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 10);
    expect(load).toHaveBeenCalledTimes(13);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('stops for good when told to', async () => {
    const { load } = answers([batchOf('b', 5, 1, 'issuing')]);
    const poller = startBatchPoller({ load, onProgress: () => undefined });
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    poller.stop();
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 5);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
