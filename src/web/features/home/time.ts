/** Dates and times on the home page, in the UI language. */
import { productMoment } from '../../lib/product-time';

/** "2026-11-20" -> "Nov 20" / "11月20日". Calendar dates carry no time zone: read them as UTC. */
export function formatDay(date: string, locale: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(parsed);
}

/** Epoch ms -> "Nov 21, 23:10 UTC+8": when figures were loaded, in the product's zone like every time. */
export function formatMoment(epochMs: number, locale: string): string {
  return productMoment(epochMs, locale, false);
}
