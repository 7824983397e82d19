import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus, TopupOrder } from './api';
import { CONFIRM_GRACE_MS, deadlineOf, startPoller, type Poller } from './order-poller';
import { testOrder } from '../../../testing/recharge-orders';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 3_600_000;

let poller: Poller | null = null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  poller?.stop();
  poller = null;
  vi.useRealTimers();
});

/** A poller whose loads answer with the statuses given, one per call, then keep the last. */
function pollWith(statuses: OrderStatus[], deadline = START + HOUR) {
  const seen: number[] = [];
  const load = vi.fn(async () => {
    seen.push(Date.now() - START);
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)] ?? 'pending';
    return testOrder({ status });
  });
  const onOrder = vi.fn();
  const onDeadline = vi.fn();
  poller = startPoller({ load, onOrder, deadline: () => deadline, onDeadline });
  return { load, seen, onOrder, onDeadline };
}

describe('order poller', () => {
  it('backs off 2 s, 3 s, 5 s, 8 s, then polls every 10 s', async () => {
    const { seen } = pollWith(['pending']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000 - 1999);
    expect(seen).toEqual([2000, 5000, 10_000, 18_000, 28_000, 38_000, 48_000, 58_000]);
  });

  it('never has two requests in flight: a slow answer delays the next poll', async () => {
    let answer: (order: TopupOrder) => void = () => {};
    const load = vi.fn(() => new Promise<TopupOrder>((resolve) => (answer = resolve)));
    poller = startPoller({ load, onOrder: vi.fn(), deadline: () => START + HOUR, onDeadline: vi.fn() });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(1);
    answer(testOrder());
    await vi.advanceTimersByTimeAsync(2999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops once the order is paid', async () => {
    const { load, onOrder } = pollWith(['pending', 'paid']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(onOrder).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'paid' }));
  });

  it.each(['failed', 'expired'] as const)('stops once the order is %s', async (status) => {
    const { load } = pollWith([status]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops when the sheet closes', async () => {
    const { load } = pollWith(['pending']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(2);
    poller?.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a load answering after stop() changes nothing', async () => {
    let answer: (order: TopupOrder) => void = () => {};
    const onOrder = vi.fn();
    const load = vi.fn(() => new Promise<TopupOrder>((resolve) => (answer = resolve)));
    poller = startPoller({ load, onOrder, deadline: () => START + HOUR, onDeadline: vi.fn() });
    await vi.advanceTimersByTimeAsync(2000);
    poller.stop();
    answer(testOrder({ status: 'paid' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onOrder).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes one last look at the deadline, then stops and reports it', async () => {
    const { seen, onDeadline } = pollWith(['pending'], START + 6000);
    await vi.advanceTimersByTimeAsync(5999);
    expect(seen).toEqual([2000, 5000]);
    expect(onDeadline).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([2000, 5000, 6000]);
    expect(onDeadline).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(seen).toHaveLength(3);
  });

  it('a payment seen in that last look wins over the deadline', async () => {
    const { onOrder, onDeadline } = pollWith(['paid'], START + 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onOrder).toHaveBeenCalledWith(expect.objectContaining({ status: 'paid' }));
    expect(onDeadline).not.toHaveBeenCalled();
  });

  it('keeps going after failed loads, still backing off', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    poller = startPoller({ load, onOrder: vi.fn(), deadline: () => START + HOUR, onDeadline: vi.fn() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('"I have paid" runs outside the schedule but never beside a poll', async () => {
    let answer: (order: TopupOrder) => void = () => {};
    const load = vi.fn(() => new Promise<TopupOrder>((resolve) => (answer = resolve)));
    const onOrder = vi.fn();
    poller = startPoller({ load, onOrder, deadline: () => START + HOUR, onDeadline: vi.fn() });
    await vi.advanceTimersByTimeAsync(2000); // a poll is in flight
    const check = vi.fn(async () => testOrder({ status: 'paid' }));
    await expect(poller.run(check)).resolves.toBeNull();
    expect(check).not.toHaveBeenCalled();

    answer(testOrder());
    await vi.advanceTimersByTimeAsync(0);
    await expect(poller.run(check)).resolves.toMatchObject({ status: 'paid' });
    expect(onOrder).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'paid' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1); // paid: polling is over
  });

  it('a poll falling due during "I have paid" waits for it', async () => {
    const load = vi.fn(async () => testOrder());
    poller = startPoller({ load, onOrder: vi.fn(), deadline: () => START + HOUR, onDeadline: vi.fn() });
    let answer: (order: TopupOrder) => void = () => {};
    const running = poller.run(() => new Promise<TopupOrder>((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
    answer(testOrder());
    await running;
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('order poller with the live stream up', () => {
  it('skips its rounds while the stream is up, polls again when it drops, and still looks at the deadline', async () => {
    let live = true;
    const load = vi.fn(async () => testOrder({ status: 'pending' }));
    const onDeadline = vi.fn();
    poller = startPoller({
      load,
      onOrder: vi.fn(),
      deadline: () => START + 60_000,
      onDeadline,
      skip: () => live,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).not.toHaveBeenCalled();
    live = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    live = true;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(load).toHaveBeenCalledTimes(2); // the last look at the deadline
    expect(onDeadline).toHaveBeenCalledTimes(1);
  });
});

describe('deadlineOf', () => {
  it('is the payment deadline of an open order', () => {
    const order = testOrder({ expiresAt: new Date(START + 900_000).toISOString() });
    expect(deadlineOf(order)).toBe(START + 900_000);
  });

  it('moves to the end of the confirmation window once a USDT order is confirming', () => {
    const order = testOrder({
      channel: 'usdt_trc20',
      status: 'confirming',
      expiresAt: new Date(START + 60_000).toISOString(),
      confirmAt: new Date(START + 300_000).toISOString(),
    });
    expect(deadlineOf(order)).toBe(START + 300_000 + CONFIRM_GRACE_MS);
  });
});
