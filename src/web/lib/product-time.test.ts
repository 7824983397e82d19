import { describe, expect, it } from 'vitest';
import {
  isCalendarDate,
  productDate,
  productDateTime,
  productLastDay,
  productMoment,
  productToday,
} from './product-time';

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
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '26-01-01', '2026-1-1', '2026/02/28', ''])(
    'refuses %j',
    (text) => {
      expect(isCalendarDate(text)).toBe(false);
    },
  );
});

describe('productDateTime and productDate', () => {
  it('show the UTC+8 date and time', () => {
    expect(productDateTime('2026-01-05T16:30:00Z')).toBe('2026-01-06 00:30');
    expect(productDateTime('2026-01-05T09:05:00+08:00')).toBe('2026-01-05 09:05');
    expect(productDateTime('2026-01-05T20:30:00+00:00')).toBe('2026-01-06 04:30');
    expect(productDate('2026-03-31T16:00:00Z')).toBe('2026-04-01');
  });
  it('leave an unreadable value as it is', () => {
    expect(productDateTime('soon')).toBe('soon');
    expect(productDate('not a time at all')).toBe('not a time at all');
  });
});

describe('productMoment (one rule for times in prose: the product zone, labelled)', () => {
  it('shows the UTC+8 time with its label whatever the device zone, in each language', () => {
    const late = '2026-11-20T23:10:00Z'; // already 21 Nov in the product's zone
    expect(productMoment(late, 'en')).toMatch(/Nov 21, 2026.*07:10 UTC\+8$/);
    expect(productMoment(late, 'zh-CN')).toMatch(/2026年11月21日.*07:10 UTC\+8$/);
    expect(productMoment(Date.parse(late), 'en', false)).toMatch(/^Nov 21.*07:10 UTC\+8$/);
  });
  it('leaves an unreadable value as it came', () => {
    expect(productMoment('soon', 'en')).toBe('soon');
  });
});

describe('productLastDay: the last day a validity covers (issue 29 §5)', () => {
  // The server stores the day D chosen as a validity's end as the start of D+1 in UTC+8.
  const endOf = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();

  it('shows the chosen day, whatever the device zone', () => {
    expect(endOf('2027-12-31')).toBe('2027-12-31T16:00:00.000Z');
    expect(productLastDay(endOf('2027-12-31'))).toBe('2027-12-31');
    expect(productLastDay('2028-02-29T16:00:00.000Z')).toBe('2028-02-29');
  });

  it('round-trips: a day shown, offered again and saved is the same day, every time', () => {
    let day = '2027-12-31';
    for (let i = 0; i < 5; i++) day = productLastDay(endOf(day));
    expect(day).toBe('2027-12-31');
  });

  it('shows an end inside a day as that day, and unreadable input as it came', () => {
    expect(productLastDay('2027-12-31T05:00:00.000Z')).toBe('2027-12-31');
    expect(productLastDay('soon')).toBe('soon');
  });
});
