import { describe, expect, it } from 'vitest';
import { formatRecordTime, isRealDay, todayUtc8 } from './dates';

describe('record dates', () => {
  it('shows times in UTC+8, the calendar of the date filters', () => {
    expect(formatRecordTime('2026-01-05T09:03:00Z')).toBe('2026-01-05 17:03');
    expect(formatRecordTime('2026-01-05T20:30:00+00:00')).toBe('2026-01-06 04:30');
    expect(formatRecordTime('not a time')).toBe('not a time');
  });

  it('knows which days exist', () => {
    expect(isRealDay('2024-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-1-05')).toBe(false);
  });

  it('starts the UTC+8 day at 16:00 UTC', () => {
    expect(todayUtc8(Date.UTC(2026, 0, 5, 15, 59))).toBe('2026-01-05');
    expect(todayUtc8(Date.UTC(2026, 0, 5, 16, 0))).toBe('2026-01-06');
  });
});
