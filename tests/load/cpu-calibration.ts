/**
 * Lighthouse's CPU slowdown for this host (issue 19 §1). Lighthouse's default 4× turns a high-end
 * desktop into a mid-tier phone; on a slower host the same 4× emulates a slower phone, and the
 * shared hosts here move up to 2× between days, so a score at 4× says as much about the day as
 * about the page. Lighthouse's documentation (docs/throttling.md, "Calibrating the CPU slowdown")
 * asks a weaker host to lower the multiplier by its `benchmarkIndex`, which every report carries;
 * its CPU throttling calculator maps the index to a multiplier through these points, linearly
 * between them. The bench prints the scores at both multipliers.
 */

/** The benchmarkIndex Lighthouse's default slowdown is right for (its calculator gives it ×4). */
export const DEFAULT_INDEX = 1533;

/** (benchmarkIndex, multiplier) points of Lighthouse's CPU throttling calculator. */
const CALCULATOR_POINTS: ReadonlyArray<readonly [number, number]> = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [DEFAULT_INDEX, 4],
  [2000, 6],
];

/** Lighthouse's default multiplier: what the calculator gives a host of `DEFAULT_INDEX`. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The multiplier that makes a host of this benchmarkIndex emulate the phone Lighthouse's default
 * emulates; never below 1 (no speed-up), and past the last point the calculator's slope goes on.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`not a benchmarkIndex: ${benchmarkIndex}`);
  const [first] = CALCULATOR_POINTS;
  if (benchmarkIndex <= first![0]) return 1;
  for (let i = 1; i < CALCULATOR_POINTS.length; i++) {
    const [x0, y0] = CALCULATOR_POINTS[i - 1]!;
    const [x1, y1] = CALCULATOR_POINTS[i]!;
    const last = i === CALCULATOR_POINTS.length - 1;
    if (benchmarkIndex <= x1 || last) return y0 + ((benchmarkIndex - x0) * (y1 - y0)) / (x1 - x0);
  }
  throw new Error('unreachable');
}
