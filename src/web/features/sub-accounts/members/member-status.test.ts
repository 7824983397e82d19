import { describe, expect, it } from 'vitest';
import { daysLeft, extendedBy, shownStatus } from './member-status';

describe('shownStatus', () => {
  it('frozen wins over expired, expired over online', () => {
    expect(shownStatus({ status: 'frozen', expired: true })).toBe('frozen');
    expect(shownStatus({ status: 'online', expired: true })).toBe('expired');
    expect(shownStatus({ status: 'online', expired: false })).toBe('online');
    expect(shownStatus({ status: 'invited', expired: false })).toBe('invited');
  });
});

describe('daysLeft', () => {
  const now = Date.parse('2026-03-01T00:00:00Z');
  it('counts whole days, and null once the validity ended', () => {
    expect(daysLeft('2026-03-08T12:00:00Z', now)).toBe(7);
    expect(daysLeft('2026-03-01T06:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-02-28T23:59:59Z', now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });
});

describe('extendedBy', () => {
  const now = Date.parse('2026-03-01T00:00:00Z');
  it('extends from the later of today and the current end', () => {
    expect(extendedBy('2026-06-15T00:00:00.000Z', 1, now)).toBe('2026-07-15T00:00:00.000Z');
    expect(extendedBy('2025-01-01T00:00:00.000Z', 3, now)).toBe('2026-06-01T00:00:00.000Z');
  });

  it('keeps to the last day of a shorter month', () => {
    expect(extendedBy('2026-01-31T10:00:00.000Z', 1, Date.parse('2026-01-01T00:00:00Z'))).toBe(
      '2026-02-28T10:00:00.000Z',
    );
  });
});
