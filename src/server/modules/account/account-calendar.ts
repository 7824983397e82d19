/**
 * The calendar the overview counts days and months in. Accounts have no time-zone setting yet: the
 * product serves the CNY market, so "today" and "this month" are those of Asia/Shanghai (UTC+8, no
 * daylight saving), whatever zone the server runs in. A per-account zone would replace the constant.
 */
export const ACCOUNT_TIME_ZONE = 'Asia/Shanghai';

const DAY_MS = 24 * 3600_000;

/** `YYYY-MM-DD` of an instant in the zone (the en-CA locale formats dates that way). */
export function civilDate(instant: Date, timeZone = ACCOUNT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A civil date moved by whole days (pure calendar arithmetic, no zone involved). */
export function shiftCivilDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Minutes the zone is ahead of UTC at an instant, e.g. 480 for "GMT+08:00". */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0; // "GMT" alone is UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant a civil date begins in the zone. */
export function startOfCivilDate(date: string, timeZone = ACCOUNT_TIME_ZONE): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // The offset at UTC midnight can differ from the one at local midnight across a DST change; the
  // second look uses the offset in force at the first guess.
  const guess = utcMidnight - zoneOffsetMinutes(new Date(utcMidnight), timeZone) * 60_000;
  return new Date(utcMidnight - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
}

export interface OverviewWindow {
  /** The civil dates of the chart, oldest first, today last. */
  days: string[];
  /** Start of the oldest day. */
  from: Date;
  /** Start of the first day of the current month. */
  monthStart: Date;
  /** The moment of the request: the end of both windows. */
  until: Date;
}

export function overviewWindow(now: Date, dayCount: number, timeZone = ACCOUNT_TIME_ZONE): OverviewWindow {
  const today = civilDate(now, timeZone);
  const days = Array.from({ length: dayCount }, (_, i) => shiftCivilDate(today, i - dayCount + 1));
  return {
    days,
    from: startOfCivilDate(days[0] ?? today, timeZone),
    monthStart: startOfCivilDate(`${today.slice(0, 8)}01`, timeZone),
    until: now,
  };
}
