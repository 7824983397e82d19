// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  activeCurrencies,
  FRAME,
  hasActivity,
  niceMax,
  peakSpend,
  pointsOf,
  shapesOf,
  type Daily,
} from './chart-model';

function days(values: Array<[spendUsd: number, topUpCny: number]>): Daily {
  return values.map(([spend, topUp], i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    spend: { CNY: 0, USD: spend },
    topUp: { CNY: topUp, USD: 0 },
  }));
}

describe('chart model', () => {
  it('reads one currency, treating a missing amount as zero', () => {
    const daily: Daily = [{ date: '2026-11-01', spend: { USD: 5 }, topUp: {} }];
    expect(pointsOf(daily, 'USD')).toEqual([{ date: '2026-11-01', spend: 5, topUp: 0 }]);
    expect(pointsOf(daily, 'CNY')).toEqual([{ date: '2026-11-01', spend: 0, topUp: 0 }]);
  });

  it('knows when there is nothing to show', () => {
    const quiet = days(Array.from({ length: 30 }, () => [0, 0]));
    expect(hasActivity(pointsOf(quiet, 'USD'))).toBe(false);
    expect(activeCurrencies(quiet, ['CNY', 'USD'])).toEqual([]);
    const busy = days([
      [0, 0],
      [0, 50000],
    ]);
    expect(activeCurrencies(busy, ['CNY', 'USD'])).toEqual(['CNY']);
  });

  it.each([
    [0, 100],
    [1, 1],
    [7, 10],
    [123, 200],
    [2400, 2500],
    [187341, 200000],
    [500000, 500000],
  ])('rounds an axis maximum of %i up to %i', (value, max) => {
    expect(niceMax(value)).toBe(max);
  });

  it('draws a bar per top-up day and a spend line across all days, within the frame', () => {
    const points = [
      { date: '2026-11-01', spend: 100, topUp: 0 },
      { date: '2026-11-02', spend: 0, topUp: 1000 },
      { date: '2026-11-03', spend: 250, topUp: 0 },
    ];
    const shapes = shapesOf(points);
    expect(shapes.max).toBe(1000);
    expect(shapes.bars).toHaveLength(1);
    expect(shapes.bars[0]?.height).toBeCloseTo(FRAME.height - FRAME.top, 0);
    expect(shapes.line.match(/[ML]/g)).toHaveLength(3);
    expect(shapes.area.endsWith('Z')).toBe(true);
    const ys = shapes.line
      .split(/[ML]/)
      .filter(Boolean)
      .map((pair) => Number(pair.split(',')[1]));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(FRAME.top);
    expect(Math.max(...ys)).toBeLessThanOrEqual(FRAME.height);
  });

  it('finds the busiest spend day', () => {
    const points = pointsOf(
      days([
        [100, 0],
        [900, 0],
        [250, 0],
      ]),
      'USD',
    );
    expect(peakSpend(points)?.date).toBe('2026-11-02');
    expect(peakSpend(pointsOf(days([[0, 5]]), 'USD'))).toBeNull();
  });
});
