/**
 * Calendar dates and times of the finance pages. The product keeps one calendar, UTC+8
 * (Asia/Shanghai), for its date filters, transaction numbers and "today" (contract flowFilter), so
 * the pages show times in that zone too: a row listed under a date filter shows that date.
 */

export const PRODUCT_TIME_ZONE = 'Asia/Shanghai';
const PRODUCT_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai keeps no daylight saving time.

/** Today's date `YYYY-MM-DD` in the product's calendar. */
export function productToday(now: number = Date.now()): string {
  return new Date(now + PRODUCT_OFFSET_MS).toISOString().slice(0, 10);
}

/** A real calendar date `YYYY-MM-DD` (not "2026-02-30"). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

const DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * ISO time -> "2026-01-05 17:00" in the product's zone, the same digits in both languages (as
 * bank statements write them); the input itself when unreadable.
 */
export function formatDateTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const parts = DATE_TIME.formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
