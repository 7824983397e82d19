/**
 * Times and calendar days of the card list. The product keeps one calendar, UTC+8 (the contract's
 * date filters are "inclusive calendar days (UTC+8)"), so times are shown in that zone too: a card
 * listed under an opening-date filter shows that date.
 */

const PRODUCT_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai has no daylight saving time.

/** Today `YYYY-MM-DD` in the product's calendar. */
export function productToday(now: number = Date.now()): string {
  return new Date(now + PRODUCT_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day that exists, `YYYY-MM-DD` ("2026-02-30" does not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** ISO time -> "2026-01-05 17:00" in UTC+8, the same digits in both languages; unreadable: as given. */
export function productDateTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return new Date(time.getTime() + PRODUCT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** ISO time -> "2026-01-05" in UTC+8. */
export function productDate(iso: string): string {
  return productDateTime(iso).slice(0, 10);
}
