/**
 * The numbers behind the 30-day chart, kept free of React and SVG so they can be tested alone:
 * the two series of one currency, a rounded axis maximum, the shapes in a fixed viewBox, and
 * whether there is anything to show at all (the empty state must be honest, not a flat line).
 */
import type { Overview } from '../../../contract/account';
import type { CurrencyCode } from '../../../contract/core';

export interface DayPoint {
  date: string;
  spend: number;
  topUp: number;
}

export type Daily = Overview['daily'];

export function pointsOf(daily: Daily, currency: CurrencyCode): DayPoint[] {
  return daily.map((day) => ({
    date: day.date,
    spend: day.spend[currency] ?? 0,
    topUp: day.topUp[currency] ?? 0,
  }));
}

export function hasActivity(points: readonly DayPoint[]): boolean {
  return points.some((point) => point.spend !== 0 || point.topUp !== 0);
}

/** The currencies (of `candidates`) with any spend or top-up in the period. */
export function activeCurrencies(daily: Daily, candidates: readonly CurrencyCode[]): CurrencyCode[] {
  return candidates.filter((currency) => hasActivity(pointsOf(daily, currency)));
}

/**
 * A round axis maximum at or above `value` (1, 2, 2.5 or 5 times a power of ten), so the axis
 * labels read like "¥2,000.00" rather than "¥1,873.41". Minor units in, minor units out.
 */
export function niceMax(value: number): number {
  if (value <= 0) return 100; // An empty axis still needs a scale: 1.00.
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/**
 * The SVG's coordinate box. The SVG stretches to its container (preserveAspectRatio none, strokes
 * that do not scale), and the axis labels are HTML over it, so they stay legible at every width.
 */
export interface Frame {
  width: number;
  height: number;
  /** Room above the highest value for its axis label. */
  top: number;
  left: number;
  right: number;
}

export const FRAME: Frame = { width: 600, height: 200, top: 22, left: 2, right: 2 };

export interface ChartShapes {
  max: number;
  /** Top-up bars: one per day with a top-up. */
  bars: Array<{ x: number; y: number; width: number; height: number; date: string }>;
  /** Spend line (SVG path) and the area under it. */
  line: string;
  area: string;
  /** Horizontal grid lines at 0, ½ and the maximum: y position and value. */
  grid: Array<{ y: number; value: number }>;
  /** Centre x of each day, for the date labels. */
  xs: number[];
}

export function shapesOf(points: readonly DayPoint[], frame: Frame = FRAME): ChartShapes {
  const max = niceMax(Math.max(0, ...points.map((p) => Math.max(p.spend, p.topUp))));
  const plotWidth = frame.width - frame.left - frame.right;
  const plotHeight = frame.height - frame.top;
  const base = frame.top + plotHeight;
  const slot = plotWidth / Math.max(1, points.length);
  const xs = points.map((_, i) => frame.left + slot * (i + 0.5));
  const yOf = (value: number) => base - (Math.max(0, value) / max) * plotHeight;
  const round = (n: number) => Math.round(n * 10) / 10;

  const bars = points.flatMap((point, i) => {
    if (point.topUp <= 0) return [];
    const y = yOf(point.topUp);
    const width = Math.max(2, slot * 0.55);
    return [
      {
        x: round((xs[i] ?? 0) - width / 2),
        y: round(y),
        width: round(width),
        height: round(base - y),
        date: point.date,
      },
    ];
  });

  const coords = points.map((point, i) => `${round(xs[i] ?? 0)},${round(yOf(point.spend))}`);
  const line = coords.length ? `M${coords.join('L')}` : '';
  const first = xs[0] ?? frame.left;
  const last = xs[xs.length - 1] ?? frame.left;
  const area = coords.length ? `${line}L${round(last)},${base}L${round(first)},${base}Z` : '';
  const grid = [0, 0.5, 1].map((share) => ({ y: round(yOf(max * share)), value: max * share }));
  return { max, bars, line, area, grid, xs };
}

/** The day with the highest spend, or null when nothing was spent. */
export function peakSpend(points: readonly DayPoint[]): DayPoint | null {
  return points.reduce<DayPoint | null>(
    (best, point) => (point.spend > (best?.spend ?? 0) ? point : best),
    null,
  );
}
