import { describe, expect, it } from 'vitest';
import { formatDateTime, isCalendarDate, productToday } from './dates';

describe('productToday (the product calendar is UTC+8)', () => {
  it('is already tomorrow from 16:00 UTC', () => {
    expect(productToday(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(productToday(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-02-28', '2024-02-29', '2026-12-31'])('accepts %s', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '26-01-01', '2026-1-1', ''])('refuses %j', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });
});

describe('formatDateTime', () => {
  it('shows the UTC+8 date and time', () => {
    expect(formatDateTime('2026-01-05T16:30:00Z')).toBe('2026-01-06 00:30');
    expect(formatDateTime('2026-01-05T09:05:00+08:00')).toBe('2026-01-05 09:05');
  });
  it('leaves an unreadable value as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
