import { describe, expect, it } from 'vitest';
import { formatSavedAge, savedAgeOf } from './saved-age';
import { translate } from './i18n';
import '../components/ui/widgets-i18n';

const MIN = 60_000;
/** 2026-11-26 14:30 in UTC+8 (06:30 UTC). */
const NOW = Date.UTC(2026, 10, 26, 6, 30);

describe('savedAgeOf', () => {
  it('says "just now" under a minute, and for a time ahead of the clock', () => {
    expect(savedAgeOf(NOW - 59_999, NOW)).toEqual({ key: 'justNow' });
    expect(savedAgeOf(NOW + 5 * MIN, NOW)).toEqual({ key: 'justNow' });
  });

  it('counts whole minutes under an hour', () => {
    expect(savedAgeOf(NOW - MIN, NOW)).toEqual({ key: 'minutes', count: 1 });
    expect(savedAgeOf(NOW - 12 * MIN - 59_000, NOW)).toEqual({ key: 'minutes', count: 12 });
    expect(savedAgeOf(NOW - 59 * MIN, NOW)).toEqual({ key: 'minutes', count: 59 });
  });

  it('gives the clock time in UTC+8 later the same UTC+8 day, and the day before', () => {
    expect(savedAgeOf(NOW - 60 * MIN, NOW)).toEqual({ key: 'today', time: '13:30 UTC+8' });
    // 00:05 on the 26th in UTC+8 is still the 25th in UTC: the product's day decides.
    expect(savedAgeOf(Date.UTC(2026, 10, 25, 16, 5), NOW)).toEqual({ key: 'today', time: '00:05 UTC+8' });
    expect(savedAgeOf(Date.UTC(2026, 10, 25, 6, 2), NOW)).toEqual({ key: 'yesterday', time: '14:02 UTC+8' });
    expect(savedAgeOf(Date.UTC(2026, 10, 25, 15, 59), NOW)).toEqual({
      key: 'yesterday',
      time: '23:59 UTC+8',
    });
  });

  it('gives date and time when older than yesterday', () => {
    expect(savedAgeOf(Date.UTC(2026, 10, 24, 15, 58), NOW)).toEqual({
      key: 'date',
      time: '2026-11-24 23:58 UTC+8',
    });
  });
});

describe('formatSavedAge', () => {
  const t = (key: string, options?: Record<string, unknown>) => translate(key, options);

  it('words the age in English', async () => {
    const { i18n } = await import('./i18n');
    await i18n.changeLanguage('en');
    expect(formatSavedAge(NOW - 10_000, NOW, t)).toBe('just now');
    expect(formatSavedAge(NOW - 5 * MIN, NOW, t)).toBe('5 min ago');
    expect(formatSavedAge(Date.UTC(2026, 10, 25, 6, 2), NOW, t)).toBe('yesterday 14:02 UTC+8');
    expect(formatSavedAge(NOW - 90 * MIN, NOW, t)).toBe('today 13:00 UTC+8');
    expect(formatSavedAge(Date.UTC(2026, 10, 20, 1, 0), NOW, t)).toBe('on 2026-11-20 09:00 UTC+8');
  });

  it('words the age in Chinese', async () => {
    const { i18n } = await import('./i18n');
    await i18n.changeLanguage('zh-CN');
    try {
      expect(formatSavedAge(NOW - 10_000, NOW, t)).toBe('不到 1 分钟前');
      expect(formatSavedAge(NOW - 12 * MIN, NOW, t)).toBe('12 分钟前');
      expect(formatSavedAge(Date.UTC(2026, 10, 25, 6, 2), NOW, t)).toBe('昨天 14:02 UTC+8');
      expect(formatSavedAge(Date.UTC(2026, 10, 20, 1, 0), NOW, t)).toBe('2026-11-20 09:00 UTC+8');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
