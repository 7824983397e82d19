/**
 * The product's calendar: UTC+8 (Asia/Shanghai). The contract's date filters are inclusive
 * calendar days in that zone, and so are transaction numbers and "today", so every page shows
 * times in that zone too: a row listed under a date filter shows that date, whatever the device's
 * own zone.
 */

const PRODUCT_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai keeps no daylight saving time.

/** Today's date `YYYY-MM-DD` in the product's calendar: the latest day worth filtering on. */
export function productToday(now: number = Date.now()): string {
  return new Date(now + PRODUCT_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day that exists, written `YYYY-MM-DD`: "2026-02-28" yes, "2026-02-30" and "2026/02/28" no. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * ISO time -> "2026-01-05 17:00" in the product's zone: the same digits in both languages, as
 * statements print them. Unreadable input is shown as it came.
 */
export function productDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time + PRODUCT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** ISO time -> its calendar day "2026-01-05" in the product's zone; unreadable input as it came. */
export function productDate(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : productDateTime(iso).slice(0, 10);
}

/**
 * The last calendar day an end instant covers, in the product's zone: a validity chosen "through
 * 2027-12-31" is stored as its end, 2028-01-01 00:00 UTC+8 (the server's valid-until.ts), and is
 * shown, and offered again in a date field, as 2027-12-31 — not as the day it ends on. An end
 * inside a day (set as an instant) shows that day. Unreadable input as it came.
 */
export function productLastDay(endIso: string): string {
  const end = Date.parse(endIso);
  return Number.isNaN(end) ? endIso : productDate(new Date(end - 1).toISOString());
}

/** Said beside every time the product shows, so nobody reads it in their device's zone. */
export const PRODUCT_ZONE = 'UTC+8';

/**
 * A moment in words of the UI language, in the product's zone and labelled with it:
 * "21 Nov 2026, 09:12 UTC+8" / "2026年11月21日 09:12 UTC+8". For single times in prose (notices,
 * "updated at"); lists print `productDateTime` under a header that names the zone.
 */
export function productMoment(when: string | number, locale: string, withYear = true): string {
  const time = typeof when === 'number' ? when : Date.parse(when);
  if (Number.isNaN(time)) return typeof when === 'string' ? when : '';
  const format = new Intl.DateTimeFormat(locale, {
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Shanghai',
  });
  return `${format.format(new Date(time))} ${PRODUCT_ZONE}`;
}
