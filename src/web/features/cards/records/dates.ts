/**
 * Dates of the card records. The contract's date filters are calendar days in UTC+8, the product's
 * calendar (records.ts `tradeFilter`), so times are shown in that zone too: a payment listed under
 * "From 2026-01-05" shows a time on or after 2026-01-05 00:00.
 */

const UTC8_MS = 8 * 60 * 60 * 1000; // Asia/Shanghai has no daylight saving time.

/** `YYYY-MM-DD` of today in UTC+8: the latest day worth filtering on. */
export function todayUtc8(now: number = Date.now()): string {
  return new Date(now + UTC8_MS).toISOString().slice(0, 10);
}

/** True for a day that exists: "2026-02-28" yes, "2026-02-30" and "2026/02/28" no. */
export function isRealDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An ISO time as "2026-01-05 17:03" in UTC+8 — the same digits in both languages, as statements
 * print them. Unreadable input is shown as it came.
 */
export function formatRecordTime(iso: string): string {
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return iso;
  const shifted = new Date(epoch + UTC8_MS).toISOString(); // "2026-01-05T17:03:00.000Z" in UTC+8
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}
