import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN } from './cpu-calibration';

describe('calibratedCpuSlowdown', () => {
  it("gives Lighthouse's default to the host the default assumes, and the calculator's points", () => {
    expect(calibratedCpuSlowdown(1533)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(2000)).toBe(6);
  });

  it('is linear between the points, goes on past the last, and never speeds a slow host up', () => {
    expect(calibratedCpuSlowdown(1050)).toBeCloseTo(2.5, 10);
    expect(calibratedCpuSlowdown(475)).toBeCloseTo(1.5, 10);
    expect(calibratedCpuSlowdown(2467)).toBeCloseTo(8, 2);
    expect(calibratedCpuSlowdown(100)).toBe(1);
  });

  it('refuses what is not an index', () => {
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(/benchmarkIndex/);
    expect(() => calibratedCpuSlowdown(0)).toThrow(/benchmarkIndex/);
  });
});
