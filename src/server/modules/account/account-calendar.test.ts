import { describe, expect, it } from 'vitest';
import { civilDate, overviewWindow, shiftCivilDate, startOfCivilDate } from './account-calendar';

describe('account calendar (Asia/Shanghai)', () => {
  it('turns the day at 16:00 UTC, midnight in Shanghai', () => {
    expect(civilDate(new Date('2024-03-01T15:59:59Z'))).toBe('2024-03-01');
    expect(civilDate(new Date('2024-03-01T16:00:00Z'))).toBe('2024-03-02');
  });

  it('starts a civil day at 16:00 UTC of the day before', () => {
    expect(startOfCivilDate('2024-03-02').toISOString()).toBe('2024-03-01T16:00:00.000Z');
  });

  it('shifts dates across month and leap-year ends', () => {
    expect(shiftCivilDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftCivilDate('2023-12-31', 1)).toBe('2024-01-01');
  });

  it('gives 30 days, oldest first, ending with today in Shanghai, and the start of its month', () => {
    // 00:30 on 1 March in Shanghai, still 29 February in UTC.
    const now = new Date('2024-02-29T16:30:00Z');
    const window = overviewWindow(now, 30);
    expect(window.days).toHaveLength(30);
    expect(window.days.at(-1)).toBe('2024-03-01');
    expect(window.days[0]).toBe('2024-02-01');
    expect(window.from.toISOString()).toBe('2024-01-31T16:00:00.000Z');
    expect(window.monthStart.toISOString()).toBe('2024-02-29T16:00:00.000Z');
    expect(window.until).toBe(now);
    expect([...window.days].sort()).toEqual(window.days);
  });

  it('works for zones with daylight saving as well', () => {
    // The day DST starts in New York: midnight is still EST (UTC-5).
    expect(startOfCivilDate('2024-03-10', 'America/New_York').toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfCivilDate('2024-03-11', 'America/New_York').toISOString()).toBe('2024-03-11T04:00:00.000Z');
  });
});
